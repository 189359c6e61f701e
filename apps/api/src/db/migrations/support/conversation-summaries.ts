import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen with the migration that created it (2026-11-23-0006): no application imports. The seed
 * reuses `dropConversationSummaryTriggers` / `installConversationSummaries` around its bulk load.
 *
 * What the conversation list shows is kept ON the conversation row, so a page never reads messages:
 * - `total_messages`: its messages not deleted;
 * - `unread_messages`: those not read by the moderation team (`messages.team_read_at` is null) and
 *   not written by an admin;
 * - `last_message_id`: its latest message not deleted (by `created_at`, then id);
 * - `last_activity_at`: that message's time, or the conversation's creation time without one.
 * And `conversation_figures` holds two totals: live messages ('messages') and conversations with
 * unread messages ('with_unread').
 *
 * Database triggers keep all of it exact in the same transaction as every write, whoever writes (API,
 * seed, tests), on both databases: message triggers adjust their conversation's row, and conversation
 * triggers adjust the figures from the changes of those counts. On PostgreSQL the recomputation of
 * the latest message locks the conversation row first, so two transactions never compute it from
 * stale snapshots.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

type Flavor = 'sqlite' | 'postgres';

function flavorOf(db: AnyDb): Flavor {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** PostgreSQL setting that makes the message triggers stand aside for the rest of a transaction. */
export const DEFER_SETTING = 'kwanza.defer_conversation_summaries';

const live = (row: string) => `(case when ${row}.deleted_at is null then 1 else 0 end)`;
const unread = (row: string) =>
  `(case when ${row}.deleted_at is null and ${row}.team_read_at is null and ${row}.sender_type <> 'admin' then 1 else 0 end)`;
const hasUnread = (value: string) => `(case when ${value} > 0 then 1 else 0 end)`;

/** Latest live message of conversation `c` (served by messages_live_thread_idx). */
const LATEST = `from messages m where m.conversation_id = c.id and m.deleted_at is null order by m.created_at desc, m.id desc limit 1`;

/** Sets the latest message and last activity of conversation `id` from its messages. */
function refreshLatest(id: string): string {
  return `update conversations set
      last_message_id = (select m.id ${LATEST.replaceAll('c.id', 'conversations.id')}),
      last_activity_at = coalesce((select m.created_at ${LATEST.replaceAll('c.id', 'conversations.id')}), conversations.created_at)
    where id = ${id};`;
}

/** Adds a new live message to its conversation (counts, and latest message when it is newer). */
function addMessage(row: string): string {
  const newer = `(last_message_id is null or ${row}.created_at > last_activity_at or (${row}.created_at = last_activity_at and ${row}.id > last_message_id))`;
  return `update conversations set
      total_messages = total_messages + ${live(row)},
      unread_messages = unread_messages + ${unread(row)},
      last_message_id = case when ${row}.deleted_at is null and ${newer} then ${row}.id else last_message_id end,
      last_activity_at = case when ${row}.deleted_at is null and ${newer} then ${row}.created_at else last_activity_at end
    where id = ${row}.conversation_id;`;
}

function adjustCounts(conversation: string, total: string, unreadCount: string): string {
  return `update conversations set total_messages = total_messages + ${total}, unread_messages = unread_messages + ${unreadCount}
    where id = ${conversation};`;
}

const FIGURES_UPSERT = `on conflict (name) do update set n = conversation_figures.n + excluded.n`;

function figures(messages: string, withUnread: string): string {
  return `insert into conversation_figures (name, n) values ('messages', ${messages}) ${FIGURES_UPSERT};
    insert into conversation_figures (name, n) values ('with_unread', ${withUnread}) ${FIGURES_UPSERT};`;
}

/** The message changed conversation, time or deletion: its conversation's latest message may change. */
const MOVED_SQLITE = `(OLD.conversation_id is not NEW.conversation_id or OLD.created_at is not NEW.created_at or OLD.deleted_at is not NEW.deleted_at)`;

const TRIGGERS_SQLITE = [
  'messages_summary_insert',
  'messages_summary_update',
  'messages_summary_delete',
  'conversations_summary_default',
  'conversations_figures_insert',
  'conversations_figures_update',
  'conversations_figures_delete',
];

async function createSqliteTriggers(db: AnyDb): Promise<void> {
  const statements = [
    `create trigger messages_summary_insert after insert on messages begin ${addMessage('NEW')} end`,
    `create trigger messages_summary_update after update of conversation_id, sender_type, created_at, deleted_at, team_read_at on messages
      when OLD.conversation_id is not NEW.conversation_id or OLD.sender_type is not NEW.sender_type
        or OLD.created_at is not NEW.created_at or OLD.deleted_at is not NEW.deleted_at
        or OLD.team_read_at is not NEW.team_read_at
      begin
        ${adjustCounts('OLD.conversation_id', `-${live('OLD')}`, `-${unread('OLD')}`)}
        ${adjustCounts('NEW.conversation_id', live('NEW'), unread('NEW'))}
        ${refreshLatest('OLD.conversation_id').replace(/;$/, ` and ${MOVED_SQLITE};`)}
        ${refreshLatest('NEW.conversation_id').replace(/;$/, ` and ${MOVED_SQLITE};`)}
      end`,
    `create trigger messages_summary_delete after delete on messages begin
        ${adjustCounts('OLD.conversation_id', `-${live('OLD')}`, `-${unread('OLD')}`)}
        ${refreshLatest('OLD.conversation_id').replace(/;$/, ' and last_message_id = OLD.id;')}
      end`,
    `create trigger conversations_summary_default after insert on conversations when NEW.last_activity_at is null
      begin update conversations set last_activity_at = NEW.created_at where id = NEW.id; end`,
    `create trigger conversations_figures_insert after insert on conversations
      begin ${figures('NEW.total_messages', hasUnread('NEW.unread_messages'))} end`,
    `create trigger conversations_figures_update after update of total_messages, unread_messages on conversations
      when OLD.total_messages <> NEW.total_messages or OLD.unread_messages <> NEW.unread_messages
      begin ${figures(
        'NEW.total_messages - OLD.total_messages',
        `${hasUnread('NEW.unread_messages')} - ${hasUnread('OLD.unread_messages')}`,
      )} end`,
    `create trigger conversations_figures_delete after delete on conversations
      begin ${figures('-OLD.total_messages', `-${hasUnread('OLD.unread_messages')}`)} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function createPostgresTriggers(db: AnyDb): Promise<void> {
  const deferred = `if current_setting('${DEFER_SETTING}', true) = 'on' then return null; end if;`;
  const lock = (id: string) => `perform 1 from conversations where id = ${id} for update;`;
  const moved = `OLD.conversation_id is distinct from NEW.conversation_id or OLD.created_at is distinct from NEW.created_at
      or OLD.deleted_at is distinct from NEW.deleted_at`;
  await sql
    .raw(`create or replace function messages_summary() returns trigger language plpgsql as $$
      begin
        ${deferred}
        if tg_op = 'INSERT' then
          ${addMessage('NEW')}
          return null;
        end if;
        if tg_op = 'DELETE' then
          ${lock('OLD.conversation_id')}
          ${adjustCounts('OLD.conversation_id', `-${live('OLD')}`, `-${unread('OLD')}`)}
          ${refreshLatest('OLD.conversation_id').replace(/;$/, ' and last_message_id = OLD.id;')}
          return null;
        end if;
        if ${moved} then
          ${lock('OLD.conversation_id')}
          ${lock('NEW.conversation_id')}
        end if;
        ${adjustCounts('OLD.conversation_id', `-${live('OLD')}`, `-${unread('OLD')}`)}
        ${adjustCounts('NEW.conversation_id', live('NEW'), unread('NEW'))}
        if ${moved} then
          ${refreshLatest('OLD.conversation_id')}
          ${refreshLatest('NEW.conversation_id')}
        end if;
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(`create trigger messages_summary after insert or delete or update of conversation_id, sender_type, created_at, deleted_at, team_read_at
      on messages for each row execute function messages_summary()`)
    .execute(db);
  await sql
    .raw(`create or replace function conversations_summary_default() returns trigger language plpgsql as $$
      begin NEW.last_activity_at := coalesce(NEW.last_activity_at, NEW.created_at); return NEW; end $$`)
    .execute(db);
  await sql
    .raw(`create trigger conversations_summary_default before insert on conversations
      for each row execute function conversations_summary_default()`)
    .execute(db);
  await sql
    .raw(`create or replace function conversations_figures() returns trigger language plpgsql as $$
      begin
        ${deferred}
        if tg_op = 'INSERT' then
          ${figures('NEW.total_messages', hasUnread('NEW.unread_messages'))}
        elsif tg_op = 'DELETE' then
          ${figures('-OLD.total_messages', `-${hasUnread('OLD.unread_messages')}`)}
        elsif OLD.total_messages <> NEW.total_messages or OLD.unread_messages <> NEW.unread_messages then
          ${figures(
            'NEW.total_messages - OLD.total_messages',
            `${hasUnread('NEW.unread_messages')} - ${hasUnread('OLD.unread_messages')}`,
          )}
        end if;
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(`create trigger conversations_figures after insert or delete or update of total_messages, unread_messages
      on conversations for each row execute function conversations_figures()`)
    .execute(db);
}

/** Removes the triggers (a bulk load then recomputes everything with `installConversationSummaries`). */
export async function dropConversationSummaryTriggers(db: AnyDb): Promise<void> {
  if (flavorOf(db) === 'postgres') {
    await sql.raw('drop trigger if exists messages_summary on messages').execute(db);
    await sql.raw('drop trigger if exists conversations_summary_default on conversations').execute(db);
    await sql.raw('drop trigger if exists conversations_figures on conversations').execute(db);
    return;
  }
  for (const name of TRIGGERS_SQLITE) await sql.raw(`drop trigger if exists ${name}`).execute(db);
}

/**
 * Every conversation's summary from its messages, in one pass over the messages (grouped and ranked,
 * no index needed): a subquery per conversation and per value cost a lookup each, 4 × 300,000 at a
 * million users, and the seed runs this before it builds the indexes.
 */
const SUMMARIES = `select c.id, a.total, a.unread, l.id as last_id, l.created_at as last_at
  from conversations c
  left join (
    select conversation_id, count(*) as total, sum(${unread('m')}) as unread
    from messages m where m.deleted_at is null group by conversation_id
  ) a on a.conversation_id = c.id
  left join (
    select conversation_id, id, created_at from (
      select conversation_id, id, created_at,
        row_number() over (partition by conversation_id order by created_at desc, id desc) as position
      from messages where deleted_at is null
    ) ranked where position = 1
  ) l on l.conversation_id = c.id`;

/** Recomputes every conversation's summary and the figures from the messages (triggers absent). */
async function recomputeAll(db: AnyDb): Promise<void> {
  await recomputeSummaries(db);
  await recomputeFigures(db);
}

async function recomputeSummaries(db: AnyDb): Promise<void> {
  await sql
    .raw(`update conversations set
      total_messages = coalesce(s.total, 0),
      unread_messages = coalesce(s.unread, 0),
      last_message_id = s.last_id,
      last_activity_at = coalesce(s.last_at, conversations.created_at)
    from (${SUMMARIES}) s
    where s.id = conversations.id`)
    .execute(db);
}

/** The figures summed from the conversations' summaries. */
async function recomputeFigures(db: AnyDb): Promise<void> {
  await sql.raw('delete from conversation_figures').execute(db);
  await sql
    .raw(`insert into conversation_figures (name, n)
      select 'messages', coalesce(sum(total_messages), 0) from conversations
      union all select 'with_unread', count(*) from conversations where unread_messages > 0`)
    .execute(db);
}

/**
 * Recomputes every summary and (re)creates the triggers that keep them; run in one transaction.
 * `summariesGiven`: every conversation was written with its summary (the seed's, which writes each
 * conversation with its messages): only the figures are summed from them.
 */
export async function installConversationSummaries(
  db: AnyDb,
  options: { summariesGiven?: boolean } = {},
): Promise<void> {
  await dropConversationSummaryTriggers(db);
  if (options.summariesGiven) await recomputeFigures(db);
  else await recomputeAll(db);
  if (flavorOf(db) === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}
