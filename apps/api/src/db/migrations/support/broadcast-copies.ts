import { sql } from 'kysely';
import {
  COUNTERS,
  type CounterDefinition,
  type Flavor,
  flavorOf,
  increment,
  type MachineryOptions,
  reinstallPageRollups,
  WITH_ROLLUPS,
} from './counters.js';

/*
 * Frozen with the migration that created it (2026-11-24-0010), extended by 0037 (the notifications'
 * deep pages' rollups, kept by the same triggers: `options` as in support/counters.ts): no
 * application imports. The seed drops these triggers before its bulk load
 * (`dropBroadcastCopyTriggers`, PostgreSQL) and calls `installBroadcastCopyTriggers` again after it
 * has recreated the counters' and the text index's triggers, since those come back in their general
 * form.
 *
 * The copies of a broadcast (`notifications.broadcast_id` set, `search_text` empty) are written a
 * million at a time by one INSERT … SELECT. Two per-row triggers would cost more than the insert
 * itself there, for nothing:
 * - the counters' insert trigger: the broadcast adds its copies to `list_counters` itself, with one
 *   upsert (they are all unread and of one type); later changes of a copy (read, type, deletion) go
 *   through the usual triggers;
 * - the SQLite text index's triggers: a copy has no text of its own to index (its broadcast has it),
 *   so rows with an empty `search_text` never enter `notifications_fts` nor leave it.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = import('kysely').Kysely<any>;

const FTS = 'notifications_fts';

function notificationCounters(): CounterDefinition {
  const definition = COUNTERS.find((candidate) => candidate.table === 'notifications');
  if (!definition) throw new Error('notifications: no counters defined');
  return definition;
}

async function installSqlite(db: AnyDb, options: MachineryOptions): Promise<void> {
  for (const name of ['notifications_counters_insert', `${FTS}_insert`, `${FTS}_delete`, `${FTS}_update`]) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  // The counters' insert trigger of support/counters.ts, for the rows that are not broadcast copies.
  await sql
    .raw(`create trigger notifications_counters_insert after insert on notifications
      when NEW.broadcast_id is null
      begin ${increment(notificationCounters(), 'sqlite', 'NEW', options)} end`)
    .execute(db);
  await sql
    .raw(`create trigger ${FTS}_insert after insert on notifications when NEW.search_text <> '' begin
      insert into ${FTS} (rowid, search_text) values (NEW.id, NEW.search_text); end`)
    .execute(db);
  await sql
    .raw(`create trigger ${FTS}_delete after delete on notifications when OLD.search_text <> '' begin
      insert into ${FTS} (${FTS}, rowid, search_text) values ('delete', OLD.id, OLD.search_text); end`)
    .execute(db);
  await sql
    .raw(`create trigger ${FTS}_update after update of search_text on notifications begin
      insert into ${FTS} (${FTS}, rowid, search_text) select 'delete', OLD.id, OLD.search_text where OLD.search_text <> '';
      insert into ${FTS} (rowid, search_text) select NEW.id, NEW.search_text where NEW.search_text <> ''; end`)
    .execute(db);
  // Copies indexed by a rebuild (the seed's) leave the index: it holds text only.
  await sql
    .raw(`insert into ${FTS} (${FTS}, rowid, search_text)
      select 'delete', id, search_text from notifications where search_text = '' and broadcast_id is not null`)
    .execute(db);
}

async function installPostgres(db: AnyDb): Promise<void> {
  const columns = notificationCounters().columns.join(', ');
  // support/counters.ts made one row trigger for insert, update and delete; inserts of copies skip it.
  await sql.raw('drop trigger if exists notifications_counters on notifications').execute(db);
  await sql.raw('drop trigger if exists notifications_counters_insert on notifications').execute(db);
  await sql.raw('drop trigger if exists notifications_counters_change on notifications').execute(db);
  await sql
    .raw(`create trigger notifications_counters_insert after insert on notifications
      for each row when (NEW.broadcast_id is null) execute function notifications_counters()`)
    .execute(db);
  await sql
    .raw(`create trigger notifications_counters_change after update of ${columns} or delete
      on notifications for each row execute function notifications_counters()`)
    .execute(db);
}

/**
 * The notifications' counter and text index triggers that broadcast copies skip. `options`: those of
 * the counters' triggers in place (PostgreSQL's call the counters' function, which already has them).
 */
export async function installBroadcastCopyTriggers(
  db: AnyDb,
  options: MachineryOptions = WITH_ROLLUPS,
): Promise<void> {
  const flavor: Flavor = flavorOf(db);
  if (flavor === 'postgres') await installPostgres(db);
  else await installSqlite(db, options);
}

/**
 * Migration 0037: the notifications' deep pages' rollups (`notifications_month`, `notifications_day`,
 * `notifications_read_day`) counted, with or without them per `options.pageRollups`, and the
 * notifications' counter triggers recreated (the general ones, then this module's), the other lists
 * kept.
 */
export async function installNotificationPageRollups(db: AnyDb, options: MachineryOptions): Promise<void> {
  await dropBroadcastCopyTriggers(db);
  await reinstallPageRollups(db, notificationCounters(), options);
  await installBroadcastCopyTriggers(db, options);
}

/**
 * PostgreSQL: removes the notifications' counter triggers of this module (they call the counters'
 * function, which `dropCounterMachinery` removes) before a bulk load; `installBroadcastCopyTriggers`
 * puts them back. SQLite: nothing (its triggers hold no reference to drop first).
 */
export async function dropBroadcastCopyTriggers(db: AnyDb): Promise<void> {
  if (flavorOf(db) !== 'postgres') return;
  await sql.raw('drop trigger if exists notifications_counters_insert on notifications').execute(db);
  await sql.raw('drop trigger if exists notifications_counters_change on notifications').execute(db);
}
