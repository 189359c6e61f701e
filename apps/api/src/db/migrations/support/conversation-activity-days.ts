import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen with the migration that created it (2026-11-27-0031): no application imports. The seed
 * reuses `dropConversationActivityDays` / `installConversationActivityDays` around its bulk load.
 *
 * `list_counters` list 'conversations_day': how many conversations had their last activity on each
 * day (UTC), read or not by the moderation team. The bucket is the day and the flag, 'YYYY-MM-DD|1'
 * for a conversation with unread messages, 'YYYY-MM-DD|0' for one without, so a list period (today,
 * 7 days, 30 days) counts as the sum of the whole days after its start's, plus, through the activity
 * index, the conversations of the one day it starts in: at a million users the 30 days counted
 * 200,000 index entries (3.7 ms on SQLite), a day's share is a thirtieth of that.
 *
 * Database triggers on `conversations` keep it exact in the same transaction as every write, whoever
 * writes (the message triggers of support/conversation-summaries.ts move the last activity and the
 * unread count; the conversation's row then moves bucket). A row without a last activity yet (SQLite
 * sets it just after the insert) is in no bucket.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

type Flavor = 'sqlite' | 'postgres';

function flavorOf(db: AnyDb): Flavor {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

const LIST = 'conversations_day';

/** The row's bucket: its last activity's day (UTC) and whether it has unread messages. */
function bucket(flavor: Flavor, row: string): string {
  const day =
    flavor === 'postgres'
      ? `to_char(${row}.last_activity_at at time zone 'UTC', 'YYYY-MM-DD')`
      : `substr(${row}.last_activity_at, 1, 10)`;
  return `${day} || '|' || (case when ${row}.unread_messages > 0 then '1' else '0' end)`;
}

const UPSERT = 'on conflict (list, bucket) do update set n = list_counters.n + excluded.n';

function add(flavor: Flavor, row: string): string {
  return `insert into list_counters (list, bucket, n, amount)
    select '${LIST}', ${bucket(flavor, row)}, 1, 0 where ${row}.last_activity_at is not null ${UPSERT};`;
}

function remove(flavor: Flavor, row: string): string {
  return `update list_counters set n = n - 1 where list = '${LIST}' and bucket = ${bucket(flavor, row)};`;
}

/** The row moved bucket (a null last activity is in none). */
function moved(flavor: Flavor): string {
  const distinct = flavor === 'postgres' ? 'is distinct from' : 'is not';
  return `${bucket(flavor, 'OLD')} ${distinct} ${bucket(flavor, 'NEW')}`;
}

const SQLITE_TRIGGERS = ['conversations_day_insert', 'conversations_day_update', 'conversations_day_delete'];

export async function dropConversationActivityDays(db: AnyDb): Promise<void> {
  if (flavorOf(db) === 'postgres') {
    await sql.raw('drop trigger if exists conversations_day on conversations').execute(db);
    await sql.raw('drop function if exists conversations_day()').execute(db);
    return;
  }
  for (const name of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
}

async function createTriggers(db: AnyDb, flavor: Flavor): Promise<void> {
  if (flavor === 'postgres') {
    await sql
      .raw(`create or replace function conversations_day() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then ${add(flavor, 'NEW')}
          elsif tg_op = 'DELETE' then ${remove(flavor, 'OLD')}
          elsif ${moved(flavor)} then ${remove(flavor, 'OLD')} ${add(flavor, 'NEW')}
          end if;
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger conversations_day after insert or delete or update of last_activity_at, unread_messages
        on conversations for each row execute function conversations_day()`)
      .execute(db);
    return;
  }
  const statements = [
    `create trigger conversations_day_insert after insert on conversations begin ${add(flavor, 'NEW')} end`,
    `create trigger conversations_day_update after update of last_activity_at, unread_messages on conversations
      when ${moved(flavor)}
      begin ${remove(flavor, 'OLD')} ${add(flavor, 'NEW')} end`,
    `create trigger conversations_day_delete after delete on conversations begin ${remove(flavor, 'OLD')} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Counts every conversation into its day and (re)creates the triggers that keep the counts. */
export async function installConversationActivityDays(db: AnyDb): Promise<void> {
  const flavor = flavorOf(db);
  await dropConversationActivityDays(db);
  await sql.raw(`delete from list_counters where list = '${LIST}'`).execute(db);
  await sql
    .raw(`insert into list_counters (list, bucket, n, amount)
      select '${LIST}', ${bucket(flavor, 'r')}, count(*), 0 from conversations r
      where r.last_activity_at is not null group by ${bucket(flavor, 'r')}`)
    .execute(db);
  await createTriggers(db, flavor);
}

/** Migration 0031's `down`: the triggers and the counts go. */
export async function removeConversationActivityDays(db: AnyDb): Promise<void> {
  await dropConversationActivityDays(db);
  await sql.raw(`delete from list_counters where list = '${LIST}'`).execute(db);
}
