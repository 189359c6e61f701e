import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * SQLite: the admins' preferences get a version (migration 2026-11-30-0046), raised by triggers at
 * each insert, update and delete of them. The header bell's feed and unread count read the types an
 * admin hides there: with a version, their answers are kept while nothing they read has changed
 * (plugins/kept-responses.ts), where every console polls them. PostgreSQL gets nothing, as in 0046.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

const TABLE = 'admin_preferences';
const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`insert into table_versions (name, version) values (${TABLE}, 0)`.execute(db);
  for (const event of EVENTS) {
    await sql
      .raw(
        `create trigger ${TABLE}_version_${event} after ${event} on ${TABLE} begin
          update table_versions set version = version + 1 where name = '${TABLE}'; end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const event of EVENTS) await sql.raw(`drop trigger ${TABLE}_version_${event}`).execute(db);
  await sql`delete from table_versions where name = ${TABLE}`.execute(db);
}
