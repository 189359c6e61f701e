import { PostgresAdapter, sql } from 'kysely';
import { VERSIONED_TABLES as FIRST_VERSIONED_TABLES } from './2026-11-30-0046-table-versions.js';
import { MORE_VERSIONED_TABLES } from './2026-12-01-0048-more-table-versions.js';

/*
 * Frozen in time: no application imports.
 *
 * PostgreSQL: a version per table that a list reads, as SQLite has (migrations 2026-11-30-0046 and
 * 2026-12-01-0048), without a row that every writer must lock. Each insert, update, delete or
 * truncate statement of a versioned table adds a row naming it to `table_writes`, in the writer's
 * transaction, whoever writes; a table's version is its total in `table_write_totals` plus its rows
 * still in `table_writes`, read by one statement (one snapshot). A write's row counts from its commit:
 * a version only grows, and a commit after it was read makes the next read differ. Inserts of
 * distinct rows wait on no one, where one version row per table raised by every write serialized its
 * writers (measured with pgbench, 16 clients, one-row updates: 21,000–23,000 transactions/s without
 * a version, 4,400 with one row per table, 3,500–5,100 with 16 rows picked at random, and deadlocks
 * between two-table transactions; 18,800–19,300 with these inserts, no deadlock).
 * The rows are moved into the totals from time to time by one statement (db/unchanged-tables.ts
 * `compactTableWrites`), which leaves every version as it was.
 * SQLite gets nothing: it has its version rows (one writer at a time).
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

/** The versioned tables of migrations 0046 and 0048 (migrations import no application code). */
const VERSIONED_TABLES = [...FIRST_VERSIONED_TABLES, ...MORE_VERSIONED_TABLES];

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table table_writes (id bigserial primary key, name varchar(64) not null)`.execute(db);
  await sql`create table table_write_totals (name varchar(64) primary key, total bigint not null default 0)`.execute(
    db,
  );
  await sql`create function note_table_write() returns trigger language plpgsql as $$
    begin insert into table_writes (name) values (tg_table_name); return null; end $$`.execute(db);
  for (const table of VERSIONED_TABLES) {
    await sql`insert into table_write_totals (name) values (${table})`.execute(db);
    // Truncate too: the journal refuses it, and no other table is emptied so, but it would change rows.
    await sql
      .raw(
        `create trigger ${table}_version after insert or update or delete or truncate on ${table}
          for each statement execute function note_table_write()`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of VERSIONED_TABLES)
    await sql.raw(`drop trigger ${table}_version on ${table}`).execute(db);
  await sql`drop function note_table_write()`.execute(db);
  await sql`drop table table_write_totals`.execute(db);
  await sql`drop table table_writes`.execute(db);
}
