import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * SQLite: the audit journal's text index no longer merges its segments inside the writes that add
 * to it (FTS5 `automerge = 0`); the server merges them in the background instead
 * (db/text-index-upkeep.ts). FTS5 merged a level's segments a unit of work at a time, paid by the
 * insert that reached it, and a unit ends only between two terms: over the journal's large segment
 * a unit wrote a common trigram's whole list of entries. At a million users, after the bench, 5,000
 * single inserts into the journal: p99 26 ms, 60 over 20 ms, one of 1.6 s, each holding its process's
 * event loop (reading a conversation records an entry). PostgreSQL's trigram index has no segments.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

/** FTS5's own default, restored by `down`. */
const FTS5_DEFAULT_AUTOMERGE = 4;

async function setAutomerge(db: AnyDb, value: number): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql
    .raw(`insert into audit_entries_fts (audit_entries_fts, rank) values ('automerge', ${value})`)
    .execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await setAutomerge(db, 0);
}

export async function down(db: AnyDb): Promise<void> {
  await setAutomerge(db, FTS5_DEFAULT_AUTOMERGE);
}
