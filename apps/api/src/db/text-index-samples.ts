import { type Kysely, sql } from 'kysely';
import { RecentlyUsedPerOwner } from '../lib/recently-used.js';
import type { Database } from './schema.js';
import { structureRecord } from './text-index-merge.js';
import { vocabularyOf } from './word-starts.js';

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

interface Kept<T> {
  version: Uint8Array;
  value: T;
}

const keptByDatabase = new RecentlyUsedPerOwner<Kysely<Database>, string, Kept<unknown>>(MAX_SAMPLES);

/**
 * What `read` tells of the text index `index` (`key` names it), read once while the index is unchanged
 * (its structure record, read first, is the version it is kept under); never kept in a transaction.
 */
async function keptWhileUnchanged<T>(
  db: Kysely<Database>,
  index: string,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return read();
  const version = await structureRecord(db, index);
  if (!version) return read();
  const kept = keptByDatabase.of(db);
  const fullKey = `${index}\u0000${key}`;
  const found = kept.get(fullKey);
  if (found && sameBytes(found.version, version)) return found.value as T;
  const value = await read();
  kept.set(fullKey, { version, value });
  return value;
}

/** The first `size` rowids of `index` matching the FTS5 query `phrase`, in ascending order. */
export async function sampleMatches(
  db: Kysely<Database>,
  index: string,
  phrase: string,
  size: number,
): Promise<readonly number[]> {
  return keptWhileUnchanged(db, index, `${size}\u0000${phrase}`, () => readMatches(db, index, phrase, size));
}

/**
 * The terms of the trigram index `index` that start with `prefix` (two characters: a space and a
 * one-character term, the start of a word), in order, from its vocabulary (db/word-starts.ts). Kept
 * like the samples: the vocabulary reads each term's doclist (a common letter's, 3 to 16 ms at a
 * million users).
 */
export async function termsStartingWith(
  db: Kysely<Database>,
  index: string,
  prefix: string,
): Promise<readonly string[]> {
  return keptWhileUnchanged(db, index, `terms\u0000${prefix}`, async () => {
    const vocabulary = sql.table(`temp.${vocabularyOf(index)}`);
    const { rows } = await sql<{ term: string }>`
      select term from ${vocabulary} where term >= ${prefix} and term < ${`${prefix}\u{10FFFF}`}
      order by term`.execute(db);
    return rows.map((row) => row.term);
  });
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
