import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { installBroadcastCopyTriggers } from './support/broadcast-copies.js';
import { installCounterMachinery } from './support/counters.js';
import { rebuildSearchIndexes } from './support/search-index.js';

/*
 * Frozen in time: no application imports.
 *
 * Notifications management and the header bell at any size:
 * - `notification_broadcasts`: one row per message sent to every active user (title, message, type,
 *   author, how many it reached, its own search text). Each recipient still gets a notification row
 *   (`notifications.broadcast_id`), written by one INSERT … SELECT; those rows leave their own
 *   `search_text` empty, so that a broadcast to a million users does not index a million copies of
 *   one text: the list's search finds them through their broadcast (a table of admin actions, small
 *   whatever the number of users). The copies skip the per-row counter and text-index triggers
 *   (support/broadcast-copies.ts): the broadcast counts them with one upsert;
 * - `user_figures('broadcast_audience')`: how many users a broadcast reaches now (active, not deleted,
 *   clients and providers), kept by triggers on `users` (row triggers on SQLite; on PostgreSQL
 *   statement triggers with transition tables for inserts and deletes, so bulk loads pay once per
 *   statement, and a row trigger for updates that runs only when one of the three columns changed);
 * - indexes: one admin's feed and unread count (user, read state, newest first), broadcasts'
 *   recipients, type then time with the id (replacing the type index without it); the read-state
 *   index without the id goes (the one with it, from 2026-11-23-0001, serves the same queries).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A user a broadcast reaches, as a condition on the row alias `r`. */
const inAudience = (r: string) =>
  `(${r}.is_active and ${r}.deleted_at is null and ${r}.role in ('client', 'provider'))`;

async function createAudienceFigure(db: AnyDb, postgres: boolean): Promise<void> {
  await db.schema
    .createTable('user_figures')
    .addColumn('name', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('n', postgres ? 'bigint' : 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql
    .raw(`insert into user_figures (name, n)
      select 'broadcast_audience', count(*) from users u where ${inAudience('u')}`)
    .execute(db);

  if (postgres) {
    const change = (plus: string, minus: string) =>
      `update user_figures set n = n + ${plus} - ${minus} where name = 'broadcast_audience';`;
    const counted = (table: string) => `(select count(*) from ${table} r where ${inAudience('r')})`;
    await sql
      .raw(`create or replace function users_audience_insert() returns trigger language plpgsql as $$
        begin ${change(counted('new_rows'), '0')} return null; end $$`)
      .execute(db);
    // Updates: a row trigger that PostgreSQL calls only when one of the three columns changed (a
    // statement trigger would run for every update of users, and transition tables cannot name columns).
    await sql
      .raw(`create or replace function users_audience_update() returns trigger language plpgsql as $$
        begin
          update user_figures set n = n
            + (case when ${inAudience('NEW')} then 1 else 0 end)
            - (case when ${inAudience('OLD')} then 1 else 0 end)
          where name = 'broadcast_audience';
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create or replace function users_audience_delete() returns trigger language plpgsql as $$
        begin ${change('0', counted('old_rows'))} return null; end $$`)
      .execute(db);
    await sql
      .raw(`create trigger users_audience_insert after insert on users
        referencing new table as new_rows for each statement execute function users_audience_insert()`)
      .execute(db);
    await sql
      .raw(`create trigger users_audience_update after update of is_active, deleted_at, role on users
        for each row when (OLD.is_active is distinct from NEW.is_active
          or OLD.deleted_at is distinct from NEW.deleted_at or OLD.role is distinct from NEW.role)
        execute function users_audience_update()`)
      .execute(db);
    await sql
      .raw(`create trigger users_audience_delete after delete on users
        referencing old table as old_rows for each statement execute function users_audience_delete()`)
      .execute(db);
    return;
  }
  const add = (row: string, sign: '+' | '-') =>
    `update user_figures set n = n ${sign} 1 where name = 'broadcast_audience' and ${inAudience(row)};`;
  await sql
    .raw(`create trigger users_audience_insert after insert on users begin ${add('NEW', '+')} end`)
    .execute(db);
  await sql
    .raw(`create trigger users_audience_update after update of is_active, deleted_at, role on users
      begin ${add('OLD', '-')} ${add('NEW', '+')} end`)
    .execute(db);
  await sql
    .raw(`create trigger users_audience_delete after delete on users begin ${add('OLD', '-')} end`)
    .execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  const timestamp = postgres ? 'timestamptz' : 'text';

  await db.schema
    .createTable('notification_broadcasts')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    )
    .addColumn('title', 'varchar(255)', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('notification_type', 'varchar(32)', (column) => column.notNull())
    .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('recipients', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .alterTable('notifications')
    .addColumn('broadcast_id', 'integer', (column) =>
      column.references('notification_broadcasts.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('notifications_broadcast_idx')
    .on('notifications')
    .columns(['broadcast_id', 'id'])
    .where(sql.ref('broadcast_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('notifications_inbox_idx')
    .on('notifications')
    .columns(['user_id', 'is_read', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_type_order_idx')
    .on('notifications')
    .columns(['notification_type', 'created_at', 'id'])
    .execute();

  await db.schema.dropIndex('notifications_type_idx').ifExists().execute();
  await db.schema.dropIndex('notifications_read_idx').ifExists().execute();

  await createAudienceFigure(db, postgres);
  await installBroadcastCopyTriggers(db);
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  for (const name of ['users_audience_insert', 'users_audience_update', 'users_audience_delete']) {
    if (postgres) {
      await sql.raw(`drop trigger if exists ${name} on users`).execute(db);
      await sql.raw(`drop function if exists ${name}()`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('user_figures').ifExists().execute();
  // The general triggers of the counters and of the text index come back.
  for (const name of ['notifications_counters_insert', 'notifications_counters_change']) {
    if (postgres) await sql.raw(`drop trigger if exists ${name} on notifications`).execute(db);
  }
  await installCounterMachinery(db);
  await rebuildSearchIndexes(db);
  await db.schema
    .createIndex('notifications_read_idx')
    .on('notifications')
    .columns(['is_read', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_type_idx')
    .on('notifications')
    .columns(['notification_type', 'created_at'])
    .execute();
  await db.schema.dropIndex('notifications_type_order_idx').ifExists().execute();
  await db.schema.dropIndex('notifications_inbox_idx').ifExists().execute();
  await db.schema.dropIndex('notifications_broadcast_idx').ifExists().execute();
  await db.schema.alterTable('notifications').dropColumn('broadcast_id').execute();
  await db.schema.dropTable('notification_broadcasts').ifExists().execute();
}
