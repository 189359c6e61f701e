import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * SQLite: a version per table that a list's search reads, raised by triggers in the transaction of
 * each insert, update and delete of that table, whoever writes. Each API process keeps what a
 * search's counting statements found (a capped search's proof, a disputes search's counts per status)
 * while the versions of the tables they read are unchanged (db/unchanged-tables.ts): exact across
 * processes, as a version is read in the database. SQLite has one writer at a time, so the version
 * row adds no contention; the seed's bulk load stands its triggers aside and raises every version
 * once (seed/bulk-load). PostgreSQL gets nothing: a row raised by every write would serialize its
 * concurrent writers, and its searches keep re-checking.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

/** The tables a list's search, its filters and its related sides read (PostgreSQL's too: 0050). */
export const VERSIONED_TABLES = [
  'users',
  'provider_profiles',
  'provider_verifications',
  'client_verifications',
  'categories',
  'subcategories',
  'projects',
  'offers',
  'disputes',
  'dispute_evidence',
  'dispute_status_history',
  'reports',
  'conversations',
  'messages',
  'conversation_figures',
  'notifications',
  'notification_broadcasts',
  'audit_entries',
] as const;

const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create table table_versions (name varchar(64) primary key, version integer not null) without rowid`.execute(
    db,
  );
  for (const table of VERSIONED_TABLES) {
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
  for (const table of VERSIONED_TABLES) {
    for (const event of EVENTS) await sql.raw(`drop trigger ${table}_version_${event}`).execute(db);
  }
  await sql`drop table table_versions`.execute(db);
}
