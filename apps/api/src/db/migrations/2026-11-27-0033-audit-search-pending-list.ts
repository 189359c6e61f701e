import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * PostgreSQL: the audit journal's trigram index keeps a pending list of 256 kB instead of the
 * server's default 4 MB (`gin_pending_list_limit`, an index storage parameter).
 *
 * A GIN index with `fastupdate` (the default) adds new entries to an unsorted pending list, and the
 * insert that fills the list merges the whole list into the index before it returns. The journal
 * is written by every change an administrator makes and every conversation read: measured on a
 * 400,000-entry journal, one insert in about 3,100 took 25 to 39 ms (the flush), the others 0.3 ms.
 * With 256 kB, a flush every 190 inserts or so, of 5 to 7 ms (no insert over 10 ms in 20,000; mean
 * 0.32 → 0.33 ms); `fastupdate = off` raised every insert instead (median 0.30 → 0.51 ms). Other
 * text indexes keep the default: the broadcast writes its notifications in one statement, where a
 * large list is cheaper. SQLite has no pending list (its FTS5 segments: see migration 0032).
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw('alter index audit_entries_search_trgm_idx set (gin_pending_list_limit = 256)').execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw('alter index audit_entries_search_trgm_idx reset (gin_pending_list_limit)').execute(db);
}
