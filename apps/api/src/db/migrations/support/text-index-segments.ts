import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen with the migration that created it (2026-11-27-0032): no application imports. The seed
 * merges its text indexes with it too.
 *
 * SQLite's FTS5 text indexes merged into one segment each ('optimize').
 *
 * FTS5 writes each transaction's new entries as a small segment and merges the segments of a level
 * as they pile up (automerge), a unit of work (64 leaf pages a level) every so many pages written,
 * paid by the write that reaches it. A text index built from its whole table at once ('rebuild', by
 * the seed and by the migrations that add a searched text to existing rows) is left as a few very
 * large segments of one level, and those units then merge them together, a little at each
 * turn. At a million users, one insert in about 64 into the audit journal's index (reading a
 * conversation records an entry) took 50 to 150 ms. Merged into one segment first, reading a
 * conversation had a p95 of 5.6 to 7.9 ms at one connection over the next 16,000 reads (48 before),
 * and 20,000 inserts into the index alone a p99.9 of 10 ms. Deletions write entries of their own
 * (a test deleting thousands of rows brought merges of 15 to 80 ms back); the journal's retention
 * deletes in batches. PostgreSQL's trigram indexes have no such segments (their pending list, flushed
 * by the insert that fills it every few thousand inserts, is the analogue).
 */

// Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either.
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

/** The FTS5 tables of the database (SQLite). */
export async function textIndexTables(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and lower(sql) like 'create virtual table % using fts5(%'
    order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** Merges every FTS5 index into one segment (SQLite; nothing to do on PostgreSQL). */
export async function mergeTextIndexes(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const name of await textIndexTables(db)) {
    await sql.raw(`insert into ${name} (${name}) values ('optimize')`).execute(db);
  }
}
