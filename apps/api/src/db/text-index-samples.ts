import { type Kysely, sql } from 'kysely';
import { RecentlyUsedPerOwner } from '../lib/recently-used.js';
import type { Database } from './schema.js';
import { structureRecord } from './text-index-merge.js';

/*
 * SQLite: a search's first matches, read from a text index in id order (search.ts plans a search from
 * them), kept by each API process while the index is unchanged. Reading them cost 0.3 to 0.5 ms of a
 * common term's search at a million users (`users?search=silva`: 0.44 of 1.5 ms of SQL), read again by
 * every request for the same term; checking that the index is unchanged is one row read by its key.
 * The bench's 20 searches at 16 connections, run back to back without and with them: 1, then 12,
 * within 30 ms p95.
 *
 * The index's structure record is its version: every write to the index (each transaction's new
 * segment, a merge) changes it. It is read before the matches, so matches are never kept under a
 * newer version than theirs: a write landing between the two reads makes the next search read them
 * again. Within a transaction nothing is kept nor reused: FTS5 writes a statement's entries at its
 * end, so uncommitted writes change the structure record too, and what a rollback undoes must not be
 * kept under a version that a later write may write again. Each database (a Kysely instance) has its
 * own samples, the least recently used dropped past MAX_SAMPLES (a sample holds up to 2,500 ids).
 */

const MAX_SAMPLES = 256;

interface KeptSample {
  version: Uint8Array;
  ids: readonly number[];
}

const samplesByDatabase = new RecentlyUsedPerOwner<Kysely<Database>, string, KeptSample>(MAX_SAMPLES);

/** The first `size` rowids of `index` matching the FTS5 query `phrase`, in ascending order. */
export async function sampleMatches(
  db: Kysely<Database>,
  index: string,
  phrase: string,
  size: number,
): Promise<readonly number[]> {
  if (db.isTransaction) return readMatches(db, index, phrase, size);
  const version = await structureRecord(db, index);
  if (!version) return readMatches(db, index, phrase, size);
  const samples = samplesByDatabase.of(db);
  const key = `${index}\u0000${size}\u0000${phrase}`;
  const kept = samples.get(key);
  if (kept && sameBytes(kept.version, version)) return kept.ids;
  const ids = await readMatches(db, index, phrase, size);
  samples.set(key, { version, ids });
  return ids;
}

async function readMatches(
  db: Kysely<Database>,
  index: string,
  phrase: string,
  size: number,
): Promise<number[]> {
  const fts = sql.table(index);
  const { rows } = await sql<{ id: number }>`
    select rowid as id from ${fts} where ${fts} match ${phrase} order by rowid limit ${size}`.execute(db);
  return rows.map((row) => Number(row.id));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}
