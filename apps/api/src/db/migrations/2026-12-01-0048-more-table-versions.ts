import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * SQLite: three more tables get a version (migration 2026-11-30-0046), raised by triggers at each
 * insert, update and delete of them, so that the answers that read them are kept while nothing they
 * read has changed (plugins/kept-responses.ts):
 * - the admins' preferences: the header bell's feed and unread count, polled by every console, read
 *   the types an admin hides;
 * - the journal's counted days and hours (migration 2026-11-29-0041), written by the count that runs
 *   every ten minutes and by the retention purge: the journal's deep pages read them.
 * PostgreSQL gets nothing, as in 0046.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

/** Versioned from this migration on (PostgreSQL's too: 0050). */
export const MORE_VERSIONED_TABLES = ['admin_preferences', 'audit_entry_days', 'audit_entry_hours'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const table of MORE_VERSIONED_TABLES) {
    await sql`insert into table_versions (name, version) values (${table}, 0)`.execute(db);
    for (const event of EVENTS) {
      await sql
        .raw(
          `create trigger ${table}_version_${event} after ${event} on ${table} begin
            update table_versions set version = version + 1 where name = '${table}'; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const table of MORE_VERSIONED_TABLES) {
    for (const event of EVENTS) await sql.raw(`drop trigger ${table}_version_${event}`).execute(db);
    await sql`delete from table_versions where name = ${table}`.execute(db);
  }
}
