import type {
  AdminConversation,
  ConversationListQuery,
  ConversationMessage,
  ConversationStats,
  SenderType,
} from '@kwanza/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { toCount } from '../../db/aggregates.js';
import { type CounterList, readCounters, sumBuckets } from '../../db/counters.js';
import { fetchListPage, pageReaders, searchPage } from '../../db/paginate.js';
import { type PrecompiledQuery, precompiled } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import {
  checkedUnlessByIds,
  inTextIndexOrder,
  isBroadFilter,
  mayReadInTextOrder,
  pagePlans,
  planSearches,
  rowPlans,
  type SearchPlan,
  type SearchPlans,
  type SearchSide,
  searchAnySide,
  searchCapped,
  TEXT_ORDER_PLAN,
} from '../../db/search.js';
import { dialectOf } from '../../db/sql.js';
import { existingObjectRef } from '../../lib/audit-objects.js';
import { displayName, type NamedPerson } from '../../lib/display-name.js';
import { notFound } from '../../lib/http-errors.js';
import { pageWindow } from '../../lib/pagination.js';
import { describeDuration, describeTimeAgo, periodStart, recentStart } from './conversation-times.js';

/*
 * Reads of the moderation console. Everything a list row shows is kept on the conversation row by
 * triggers (counts, latest message id, last activity; see migrations/support/conversation-summaries):
 * a page reads its conversations and, by primary key, their latest message and the people named.
 */

export const CONVERSATION_NOT_FOUND = 'Conversation introuvable.';

const SENDER_LABELS: Record<SenderType, string> = {
  admin: 'Administrateur',
  provider: 'Prestataire',
  client: 'Client',
};

/** 'Prénom Nom', else the username, else `fallback` (no such user any more). */
export function personName(person: NamedPerson, fallback: string): string {
  return displayName(person, fallback);
}

function selectConversations(db: Kysely<Database>) {
  return db
    .selectFrom('conversations')
    .innerJoin('users as client', 'client.id', 'conversations.client_id')
    .innerJoin('users as provider', 'provider.id', 'conversations.provider_id')
    .leftJoin('messages as last', 'last.id', 'conversations.last_message_id')
    .leftJoin('users as sender', 'sender.id', 'last.sender_id')
    .select([
      'conversations.id',
      'conversations.status',
      'conversations.created_at',
      'conversations.closed_at',
      'conversations.last_activity_at',
      'conversations.total_messages',
      'conversations.unread_messages',
      'client.id as client_id',
      'client.first_name as client_first_name',
      'client.last_name as client_last_name',
      'client.username as client_username',
      'client.email as client_email',
      'provider.id as provider_id',
      'provider.first_name as provider_first_name',
      'provider.last_name as provider_last_name',
      'provider.username as provider_username',
      'provider.email as provider_email',
      'last.sender_type as last_sender_type',
      'last.content as last_content',
      'last.created_at as last_created_at',
      'sender.first_name as sender_first_name',
      'sender.last_name as sender_last_name',
      'sender.username as sender_username',
    ]);
}

type ConversationRow = Awaited<ReturnType<ReturnType<typeof selectConversations>['executeTakeFirstOrThrow']>>;

function toConversation(row: ConversationRow): AdminConversation {
  const lastActivity = row.last_activity_at ?? row.created_at;
  return {
    id: row.id,
    status: row.status,
    client: {
      id: row.client_id,
      full_name: personName(
        { first_name: row.client_first_name, last_name: row.client_last_name, username: row.client_username },
        'Client',
      ),
      email: row.client_email,
    },
    provider: {
      id: row.provider_id,
      full_name: personName(
        {
          first_name: row.provider_first_name,
          last_name: row.provider_last_name,
          username: row.provider_username,
        },
        'Prestataire',
      ),
      email: row.provider_email,
    },
    unread_messages: toCount(row.unread_messages),
    total_messages: toCount(row.total_messages),
    duration: describeDuration(row.created_at, lastActivity),
    created_at: row.created_at,
    last_activity_at: lastActivity,
    closed_at: row.closed_at,
    last_message:
      row.last_sender_type && row.last_content !== null && row.last_created_at
        ? {
            sender_type: row.last_sender_type,
            sender_name: personName(
              {
                first_name: row.sender_first_name,
                last_name: row.sender_last_name,
                username: row.sender_username,
              },
              SENDER_LABELS[row.last_sender_type],
            ),
            content: row.last_content,
            created_at: row.last_created_at,
          }
        : null,
  };
}

type Filters = Omit<ConversationListQuery, 'page' | 'page_size'>;

const NO_FILTERS: Filters = {
  client: undefined,
  provider: undefined,
  search: undefined,
  has_unread: undefined,
  period: undefined,
};

/**
 * A conversation is found by its client's or its provider's name, e-mail or phone: their texts, kept
 * on the conversation row by triggers (migrations/support/party-search), in its own text index.
 */
const CONVERSATION_SEARCH: readonly SearchSide[] = [{ table: 'conversations' }];

/**
 * The list filters as one condition on `conversations` (the page and its count use it alike);
 * `since`: the period's start, when given (a statement's marker).
 */
function matchesFilters(
  db: Kysely<Database>,
  filters: Filters,
  now: Date,
  plans?: SearchPlans,
  since?: string,
) {
  return (eb: ExpressionBuilder<Database, 'conversations'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.search) {
      conditions.push(searchAnySide(dialectOf(db), filters.search, CONVERSATION_SEARCH, plans));
    }
    // Literal 0: the partial indexes (`unread_messages > 0`, `= 0`) serve only the same literal.
    if (filters.has_unread === true) conditions.push(eb('conversations.unread_messages', '>', eb.lit(0)));
    if (filters.has_unread === false) conditions.push(eb('conversations.unread_messages', '=', eb.lit(0)));
    if (filters.period) {
      conditions.push(
        eb('conversations.last_activity_at', '>=', since ?? periodStart(filters.period, now).toISOString()),
      );
    }
    if (filters.client !== undefined) conditions.push(eb('conversations.client_id', '=', filters.client));
    if (filters.provider !== undefined)
      conditions.push(eb('conversations.provider_id', '=', filters.provider));
    return eb.and(conditions);
  };
}

interface Figures {
  messages: number;
  with_unread: number;
}

async function readFigures(db: Kysely<Database>): Promise<Figures> {
  const rows = await db.selectFrom('conversation_figures').select(['name', 'n']).execute();
  const value = (name: string) => toCount(rows.find((row) => row.name === name)?.n);
  return { messages: value('messages'), with_unread: value('with_unread') };
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * How many conversations had their last activity in a list period (read or not, when the unread
 * filter says): `countActiveSince` the period's start.
 */
function countInPeriod(
  db: Kysely<Database>,
  hasUnread: boolean | undefined,
  period: NonNullable<Filters['period']>,
  now: Date,
): Promise<number> {
  return countActiveSince(db, hasUnread, periodStart(period, now));
}

/**
 * How many conversations (with unread messages or without, when `hasUnread` says) had their last
 * activity since `start`: the kept day counts (migrations/support/conversation-activity-days) and,
 * for the day `start` falls in, the activity index on the shorter side of `start`: after it to the
 * next midnight (added to the whole days after), or from that day's midnight to it (taken off the
 * days from that one on). The 24 hours of the statistics start at this time yesterday: read after it,
 * shortly after midnight the index's count was nearly a whole day of activity (at a million users on
 * PostgreSQL at 00:30, 5.5 ms; 1.0 ms read before it). One statement, so one snapshot: a
 * conversation moving day meanwhile is counted once. Compiled once for each unread filter (its
 * start moves with the clock: the bounds are its values).
 */
async function countActiveSince(
  db: Kysely<Database>,
  hasUnread: boolean | undefined,
  start: Date,
): Promise<number> {
  const window = activeSinceWindow(start);
  const key = String(hasUnread);
  let statement = activeSinceStatements.get(key);
  if (!statement) {
    statement = precompiled(3, (built, from: string, to: string, firstDay: string) =>
      activeSinceQuery(built, hasUnread, { from, to, firstDay }),
    );
    activeSinceStatements.set(key, statement);
  }
  const row = await statement.executeTakeFirst(db, window.from, window.to, window.firstDay);
  if (!row) throw new Error('Compte des conversations actives : aucune ligne.');
  return window.count(row);
}

interface ActiveSinceRow {
  part_of_day: number | string;
  days: number | string | null;
}

/** `countActiveSince`'s statement for each unread filter ('undefined', 'true', 'false'). */
const activeSinceStatements = new Map<string, PrecompiledQuery<[string, string, string], ActiveSinceRow>>();

/**
 * Where `countActiveSince` reads around `start`: the activity index from `from` to `to` (the shorter
 * side of `start` within its day), the kept days from `firstDay` on; and its answer from the row.
 */
function activeSinceWindow(start: Date) {
  const firstDay = start.toISOString().slice(0, 10);
  const dayStart = Date.parse(`${firstDay}T00:00:00.000Z`);
  const nextDay = new Date(dayStart + DAY_MS).toISOString();
  const beforeStart = start.getTime() - dayStart < DAY_MS / 2;
  const [from, to] = beforeStart
    ? [new Date(dayStart).toISOString(), start.toISOString()]
    : [start.toISOString(), nextDay];
  const count = (row: ActiveSinceRow) => {
    const days = toCount(row.days);
    const partOfDay = toCount(row.part_of_day);
    return beforeStart ? days - partOfDay : days + partOfDay;
  };
  return { from, to, firstDay: beforeStart ? firstDay : nextDay.slice(0, 10), count };
}

/** `countActiveSince`'s statement (which more columns may join) over `window`'s bounds. */
function activeSinceQuery(
  db: Kysely<Database>,
  hasUnread: boolean | undefined,
  window: { from: string; to: string; firstDay: string },
) {
  return db
    .selectFrom('conversations')
    .where(matchesFilters(db, { ...NO_FILTERS, has_unread: hasUnread }, new Date()))
    .where('conversations.last_activity_at', '>=', window.from)
    .where('conversations.last_activity_at', '<', window.to)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('part_of_day'),
      eb
        .selectFrom('list_counters')
        .select((counters) => counters.fn.sum<number | string | null>('list_counters.n').as('n'))
        .where('list_counters.list', '=', 'conversations_day' satisfies CounterList)
        .where('list_counters.bucket', '>=', window.firstDay)
        .$if(hasUnread !== undefined, (days) =>
          // The bucket is 'YYYY-MM-DD|1' (unread messages) or 'YYYY-MM-DD|0'.
          days.where(sql`substr(list_counters.bucket, 12)`, '=', hasUnread ? '1' : '0'),
        )
        .as('days'),
    ]);
}

async function totalConversations(db: Kysely<Database>): Promise<number> {
  return sumBuckets(await readCounters(db, 'conversations'));
}

/**
 * Whether a search's count reads the matches of a common term in the text index's order
 * (db/search.ts `inTextIndexOrder`), one-character terms included (their word starts), unread or not.
 * A person's conversations are served better by their own index; a period's by its activity index
 * only when it holds few of them: a week often holds most (at a million users, 177,000 of 324,000),
 * and walking it for the matches of a term read every conversation of the week when they were fewer
 * than the cap (`?search=q&period=week`: 97 ms of SQL; `923`, 93; `ana`, 51).
 */
export async function countsInTextOrder(
  db: Kysely<Database>,
  query: Partial<Pick<ConversationListQuery, 'search' | 'has_unread' | 'period' | 'client' | 'provider'>>,
  plan: SearchPlan | undefined,
  now: Date,
): Promise<boolean> {
  const textOrder =
    mayReadInTextOrder(dialectOf(db), 'conversations', query.search, plan, { wordStarts: true }) &&
    query.client === undefined &&
    query.provider === undefined;
  if (!textOrder || query.period === undefined) return textOrder;
  const [inPeriod, total] = await Promise.all([
    countInPeriod(db, query.has_unread, query.period, now),
    totalConversations(db),
  ]);
  return isBroadFilter(inPeriod, total);
}

/**
 * A page of conversations, latest activity first, and how many match: from the kept totals without
 * a filter or with the unread filter alone, an indexed count for a period or one person, and a count
 * up to the cap with a search.
 */
export async function listConversations(
  db: Kysely<Database>,
  query: ConversationListQuery,
  now: Date = new Date(),
): Promise<{ count: number; count_capped: boolean; results: AdminConversation[] }> {
  const plans = await planSearches(db, CONVERSATION_SEARCH, query.search);
  const filtered = () => db.selectFrom('conversations').where(matchesFilters(db, query, now, plans));
  const textOrder = await countsInTextOrder(db, query, plans.get('conversations'), now);
  const unfiltered =
    query.has_unread === undefined &&
    query.period === undefined &&
    query.client === undefined &&
    query.provider === undefined;
  const capped = unfiltered && searchCapped(CONVERSATION_SEARCH, plans);
  const window = pageWindow(query);
  // Its count told, the page alone reads the matches: along the list's order when that is cheaper.
  const rowsPlans = capped ? pagePlans(CONVERSATION_SEARCH, plans, window.offset + window.limit) : plans;
  const page = await fetchListPage(db, {
    searching: Boolean(query.search),
    capped,
    // Unfiltered, the total is read with the page; the other counts, apart.
    ...(unfiltered
      ? { counted: { reads: [{ list: 'conversations' }], count: ([buckets]) => sumBuckets(buckets ?? []) } }
      : {
          exactCount: async () => {
            if (query.client === undefined && query.provider === undefined) {
              if (query.period !== undefined) {
                return countInPeriod(db, query.has_unread, query.period, now);
              }
              const { with_unread } = await readFigures(db);
              return query.has_unread ? with_unread : (await totalConversations(db)) - with_unread;
            }
            const row = await filtered()
              .select((eb) => eb.fn.countAll<number | string>().as('count'))
              .executeTakeFirstOrThrow();
            return toCount(row.count);
          },
        }),
    matches: () =>
      textOrder && query.search
        ? inTextIndexOrder(
            db
              .selectFrom('conversations')
              .where(matchesFilters(db, query, now, new Map([['conversations', TEXT_ORDER_PLAN]])))
              .select('conversations.id'),
            { table: 'conversations', term: query.search, plan: plans.get('conversations') },
          )
        : filtered().select('conversations.id'),
    checked: checkedUnlessByIds(plans, () =>
      db
        .selectFrom('conversations')
        .where(matchesFilters(db, query, now, rowPlans(CONVERSATION_SEARCH)))
        .select('conversations.id'),
    ),
    ...pageReaders(
      db,
      {
        ...window,
        ...searchPage(
          'conversations',
          { term: query.search, plans: rowsPlans },
          query.has_unread,
          query.client,
          query.provider,
          query.period,
        ),
        // A period's start moves with the clock: a value of the kept statement.
        since: query.period === undefined ? undefined : periodStart(query.period, now).toISOString(),
      },
      (ids) =>
        selectConversations(db)
          .where('conversations.id', 'in', ids)
          .orderBy('conversations.last_activity_at', 'desc')
          .orderBy('conversations.id', 'desc'),
      (among?: readonly number[], since?: string) =>
        (among
          ? db.selectFrom('conversations').where('conversations.id', 'in', among)
          : db.selectFrom('conversations').where(matchesFilters(db, query, now, rowsPlans, since))
        )
          .select('conversations.id')
          .orderBy('conversations.last_activity_at', 'desc')
          .orderBy('conversations.id', 'desc'),
    ),
  });
  return { count: page.count, count_capped: page.capped, results: page.rows.map(toConversation) };
}

export async function getConversation(db: Kysely<Database>, id: number): Promise<AdminConversation> {
  const row = await selectConversations(db).where('conversations.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return toConversation(row);
}

/**
 * Statistics from kept totals; the 24-hour window from the kept day counts and the share of its first
 * day through the activity index (`countActiveSince`): that share is the hours of yesterday still in
 * the window, where an index range read all 24 hours (64,000 entries, 4.9 ms on PostgreSQL at a
 * million users).
 */
export async function getConversationStats(
  db: Kysely<Database>,
  now: Date = new Date(),
): Promise<ConversationStats> {
  // The last 24 hours' statement, with the kept totals beside: one statement (three were sent), one
  // snapshot.
  const recent = activeSinceWindow(recentStart(now));
  const row = await activeSinceQuery(db, undefined, recent)
    .select((eb) => [
      eb
        .selectFrom('list_counters')
        .select((counters) => counters.fn.sum<number | string | null>('list_counters.n').as('n'))
        .where('list_counters.list', '=', 'conversations' satisfies CounterList)
        .as('conversations'),
      eb
        .selectFrom('conversation_figures')
        .select('conversation_figures.n')
        .where('conversation_figures.name', '=', 'messages')
        .as('messages'),
      eb
        .selectFrom('conversation_figures')
        .select('conversation_figures.n')
        .where('conversation_figures.name', '=', 'with_unread')
        .as('with_unread'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total_conversations: toCount(row.conversations),
    conversations_with_unread: toCount(row.with_unread),
    recent_conversations: recent.count(row),
    total_messages: toCount(row.messages),
  };
}

function selectMessages(db: Kysely<Database>) {
  return db
    .selectFrom('messages')
    .leftJoin('users as sender', 'sender.id', 'messages.sender_id')
    .select([
      'messages.id',
      'messages.sender_type',
      'messages.content',
      'messages.team_read_at',
      'messages.created_at',
      'sender.first_name',
      'sender.last_name',
      'sender.username',
    ]);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['executeTakeFirstOrThrow']>>;

export function toMessage(row: MessageRow, now: Date): ConversationMessage {
  const isAdmin = row.sender_type === 'admin';
  return {
    id: row.id,
    sender_type: row.sender_type,
    sender_name: personName(row, SENDER_LABELS[row.sender_type]),
    content: row.content,
    is_read: isAdmin || row.team_read_at !== null,
    is_admin_message: isAdmin,
    time_ago: describeTimeAgo(row.created_at, now),
    created_at: row.created_at,
  };
}

export async function getMessage(db: Kysely<Database>, id: number, now: Date): Promise<ConversationMessage> {
  const row = await selectMessages(db).where('messages.id', '=', id).executeTakeFirstOrThrow();
  return toMessage(row, now);
}

/**
 * The thread, oldest first, without deleted messages, read beside the conversation's reference for the
 * audit entry its reading writes: one statement tells both that the conversation exists (404
 * otherwise) and what the entry names (an existence check of its own was one round trip more).
 */
export async function listMessages(
  db: Kysely<Database>,
  conversationId: number,
  now: Date = new Date(),
): Promise<{
  conversation: { type: 'conversation'; id: number; label: string };
  messages: ConversationMessage[];
}> {
  const [conversation, messages] = await Promise.all([
    existingObjectRef(db, 'conversation', conversationId),
    threadOf(db, conversationId, now),
  ]);
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return { conversation: { ...conversation, type: 'conversation' }, messages };
}

async function threadOf(
  db: Kysely<Database>,
  conversationId: number,
  now: Date,
): Promise<ConversationMessage[]> {
  const rows = await selectMessages(db)
    .where('messages.conversation_id', '=', conversationId)
    .where('messages.deleted_at', 'is', null)
    .orderBy('messages.created_at', 'asc')
    .orderBy('messages.id', 'asc')
    .execute();
  return rows.map((row) => toMessage(row, now));
}
