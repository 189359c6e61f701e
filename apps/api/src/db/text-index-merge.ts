import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';
import { dialectOf } from './sql.js';
import {
  MERGED_CHANGES,
  mergeStatement,
  segmentsOfStructure,
  structureStatement,
} from './text-index-structure.js';
import type { TextIndexMerges } from './text-index-upkeep.js';

/*
 * SQLite: an FTS5 text index merged back into one segment, a small step at a time, after a bulk
 * deletion (the audit journal's retention).
 *
 * FTS5 records a deletion as an entry of its own, in the segment of the transaction that deletes;
 * those segments are merged later by FTS5's automerge, a unit of work at a time, paid by whichever
 * ordinary write reaches it. Measured on a 400,000-entry journal index after purging 100,000 entries
 * in batches of 5,000: over the next 20,000 single inserts, p99.9 39.5 ms and 23 inserts over 20 ms;
 * merged first in steps of 64 pages (150 steps, 1.2 s in all, the longest step 28 ms), p99.9 4.4 ms
 * and one insert over 20 ms. ('optimize' would do the same in one statement, holding the database's
 * write lock for the whole merge.)
 *
 * Each step is its own statement, so its own transaction, and a pause follows it: the requests
 * waiting for the database (and, better-sqlite3 being synchronous, for this process's event loop)
 * run between two steps. A step took 8 ms on average, up to 28; at a million users the journal's
 * index is some 66,000 pages, about a thousand steps: with the pause, about half of the process's
 * time for some 20 s after a purge (once a day), instead of all of it for 8 s.
 * FTS5's 'merge' with a negative page count merges even two segments, and tells whether it did
 * anything only through the connection's change count (fewer than 2 changes: nothing left to merge).
 * PostgreSQL's trigram indexes have no segments (deleted entries are vacuum's): nothing to do there.
 */

const PAGES_PER_STEP = 64;
const PAUSE_MS = 10;
/** A bound on the loop, far above what any index here needs (64 pages of 4 KB a step). */
const MAX_STEPS = 1_000_000;

/** Merges `index` (an FTS5 table) into one segment in steps; returns how many steps did work. */
export async function mergeTextIndexInSteps(
  db: Kysely<Database>,
  index: string,
  pagesPerStep: number = PAGES_PER_STEP,
): Promise<number> {
  if (dialectOf(db) === 'postgres') return 0;
  let merged = 0;
  while (merged < MAX_STEPS) {
    if (!(await mergeStep(db, index, -pagesPerStep))) break;
    merged += 1;
    await new Promise<void>((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return merged;
}

/** One statement of FTS5's incremental merge of `index` (`mergeStatement`); true when it merged something. */
export async function mergeStep(db: Kysely<Database>, index: string, pages: number): Promise<boolean> {
  if (dialectOf(db) === 'postgres') return false;
  const changes = await db.connection().execute(async (connection) => {
    const before = await totalChanges(connection);
    await sql.raw(mergeStatement(index, pages)).execute(connection);
    return (await totalChanges(connection)) - before;
  });
  return changes >= MERGED_CHANGES;
}

/**
 * The structure record of the FTS5 index `index` (none before its first write). It changes with every
 * write to the index (a new segment, a merge): a version of its content.
 */
export async function structureRecord(db: Kysely<Database>, index: string): Promise<Uint8Array | undefined> {
  const { rows } = await sql.raw<{ block: Uint8Array }>(structureStatement(index)).execute(db);
  return rows[0]?.block;
}

/** How many segments the FTS5 index `index` holds, from its structure record (0 when empty). */
export async function segmentsOf(db: Kysely<Database>, index: string): Promise<number> {
  const record = await structureRecord(db, index);
  return record ? segmentsOfStructure(record) : 0;
}

/** The background merges (text-index-upkeep.ts) through `db`. */
export function indexMergesOf(db: Kysely<Database>): TextIndexMerges {
  return {
    segments: (index) => segmentsOf(db, index),
    mergeStep: (index, pages) => mergeStep(db, index, pages),
  };
}

async function totalChanges(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ changes: number }>`select total_changes() as changes`.execute(db);
  return Number(rows[0]?.changes ?? 0);
}
