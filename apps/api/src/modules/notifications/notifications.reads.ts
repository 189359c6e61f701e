import {
  NOTIFICATION_FEED_SIZE,
  type Notification,
  type NotificationFeed,
  type NotificationListQuery,
  type NotificationStats,
  type NotificationType,
  SEARCH_COUNT_CAP,
} from '@kwanza/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import {
  bucketPattern,
  flagPart,
  readCounters,
  rowsByDay,
  rowsByMonth,
  sumBuckets,
} from '../../db/counters.js';
import { deepPageStart, type PeriodSources } from '../../db/deep-pages.js';
import { fetchListPage, pageReaders, searchPage } from '../../db/paginate.js';
import { type PrecompiledQuery, precompiled } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import {
  broadFilterColumn,
  CAP_SAMPLE,
  checkedUnlessByIds,
  filteredColumn,
  planSearches,
  probeAlongOrder,
  proofPlans,
  rowPlans,
  type SearchPlans,
  searchAnySide,
  searchCapped,
  searchLikePattern,
} from '../../db/search.js';
import { dialectOf } from '../../db/sql.js';
import { displayName } from '../../lib/display-name.js';
import { notFound } from '../../lib/http-errors.js';
import { pageWindow } from '../../lib/pagination.js';
import { periodStart } from '../../lib/periods.js';
import { matchesSideBySide, NOTIFICATION_SEARCH } from './notification-side-matches.js';

/*
 * Reads of the notifications: the platform-wide list of the management screen (every user's
 * notifications), its statistics, and the header bell's feed (the signed-in admin's own).
 * The copies of a broadcast keep their title, message and author on the broadcast row
 * (`notification_broadcasts`), read through a join.
 */

export const NOTIFICATION_NOT_FOUND = 'Notification introuvable.';

function selectNotifications(db: Kysely<Database>) {
  return (
    db
      .selectFrom('notifications')
      .innerJoin('users as recipient', 'recipient.id', 'notifications.user_id')
      .leftJoin('notification_broadcasts as broadcast', 'broadcast.id', 'notifications.broadcast_id')
      // A broadcast's copy has the broadcast's author (notifications.writes).
      .leftJoin('users as author', (join) =>
        join.on(
          'author.id',
          '=',
          sql<number>`coalesce(${sql.ref('notifications.created_by')}, ${sql.ref('broadcast.created_by')})`,
        ),
      )
      .select((eb) => [
        'notifications.id',
        'notifications.title',
        'notifications.message',
        'broadcast.title as broadcast_title',
        'broadcast.message as broadcast_message',
        'notifications.notification_type',
        'notifications.priority',
        'notifications.is_read',
        'notifications.read_at',
        'notifications.created_at',
        'notifications.related_object_type',
        'notifications.related_object_id',
        eb.fn.coalesce('notifications.created_by', 'broadcast.created_by').as('created_by'),
        'recipient.id as recipient_id',
        'recipient.first_name as recipient_first_name',
        'recipient.last_name as recipient_last_name',
        'recipient.email as recipient_email',
        'recipient.username as recipient_username',
        'author.first_name as author_first_name',
        'author.last_name as author_last_name',
        'author.username as author_username',
      ])
  );
}

type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['executeTakeFirstOrThrow']>>;

function toNotification(row: NotificationRow): Notification {
  const type = row.notification_type as NotificationType;
  const authorName =
    row.author_username === null
      ? null
      : displayName({
          first_name: row.author_first_name,
          last_name: row.author_last_name,
          username: row.author_username,
        });
  return {
    id: row.id,
    title: row.broadcast_title ?? row.title,
    message: row.broadcast_message ?? row.message,
    notification_type: type,
    type,
    is_read: Boolean(row.is_read),
    read_at: row.read_at,
    created_at: row.created_at,
    user: {
      id: row.recipient_id,
      first_name: row.recipient_first_name,
      last_name: row.recipient_last_name,
      email: row.recipient_email,
      username: row.recipient_username,
    },
    priority: row.priority,
    related_object_type: row.related_object_type,
    related_object_id: row.related_object_id,
    created_by:
      row.created_by !== null && authorName !== null ? { id: row.created_by, name: authorName } : null,
  };
}

type Filters = Omit<NotificationListQuery, 'page' | 'page_size'>;

/**
 * The search of the list: the notification's own text, its broadcast's text (the copies of a
 * broadcast keep none of their own: a LIKE over the broadcasts, a table of admin actions, then the
 * index of their copies; on PostgreSQL, `broadcastIds` read first), and the recipient through the
 * users' text index.
 */
function searchCondition(
  db: Kysely<Database>,
  term: string,
  plans?: SearchPlans,
  broadcastIds?: readonly number[],
) {
  const pattern = searchLikePattern(term, 'notification_broadcasts');
  return (eb: ExpressionBuilder<Database, 'notifications'>) => {
    const broadcasts = broadcastIds
      ? dialectOf(db) === 'sqlite'
        ? sql<number>`(select value from json_each(${JSON.stringify(broadcastIds)}))`
        : broadcastIds.map((id) => sql.lit(id))
      : eb
          .selectFrom('notification_broadcasts as b')
          .select('b.id')
          .where(sql<boolean>`b.search_text like ${pattern} escape '\\'`);
    const ofBroadcasts =
      broadcastIds?.length === 0 ? [] : [eb('notifications.broadcast_id', 'in', broadcasts)];
    return searchAnySide(dialectOf(db), term, NOTIFICATION_SEARCH, plans, ofBroadcasts);
  };
}

/**
 * The broadcasts whose text holds `term`, when fewer than CAP_SAMPLE (undefined past them), read
 * first. PostgreSQL: a literal list lets its planner OR the search's indexes, where `broadcast_id in
 * (subquery)` made it read every notification (see `planRelatedSearch`). SQLite: none leaves the
 * branch out; with the subquery, a search whose other sides matched nothing walked the whole filter's
 * index for copies of no broadcast (`?search=zzqx&is_read=true` at a million users: 150,000
 * notifications, 250 ms).
 */
async function broadcastIdsMatching(
  db: Kysely<Database>,
  term: string | undefined,
): Promise<readonly number[] | undefined> {
  if (!term) return undefined;
  const pattern = searchLikePattern(term, 'notification_broadcasts');
  const rows = await db
    .selectFrom('notification_broadcasts')
    .select('id')
    .where(sql<boolean>`search_text like ${pattern} escape '\\'`)
    .limit(CAP_SAMPLE)
    .execute();
  return rows.length < CAP_SAMPLE ? rows.map((row) => row.id) : undefined;
}

/** The list filters as one condition; `since`: the period's start, when given (a statement's marker). */
function matchesFilters(
  db: Kysely<Database>,
  filters: Filters,
  now: Date,
  plans?: SearchPlans,
  broadcastIds?: readonly number[],
  since?: string,
) {
  return (eb: ExpressionBuilder<Database, 'notifications'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.search) conditions.push(searchCondition(db, filters.search, plans, broadcastIds)(eb));
    // Beside a search's few ids, the filters' indexes stand aside (db/search.ts `filteredColumn`).
    const column = (name: string) => filteredColumn(dialectOf(db), name, filters.search ? plans : undefined);
    /* The read flag's and the type's indexes too beside a search served by indexes
       (`broadFilterColumn`): SQLite guessed that each held ten rows and walked the 150,000 read
       notifications, probing each against the matches (`?search=silva&is_read=true` at a million
       users: 230 ms), or the system ones (`?search=silva&notification_type=system`: 75 ms). */
    const broad = (name: string) =>
      broadFilterColumn(dialectOf(db), name, filters.search ? plans : undefined);
    if (filters.notification_type) {
      conditions.push(eb(broad('notifications.notification_type'), '=', filters.notification_type));
    }
    if (filters.is_read !== undefined) {
      conditions.push(eb(broad('notifications.is_read'), '=', filters.is_read));
    }
    if (filters.period) {
      const start = since ?? periodStart(filters.period, now).toISOString();
      conditions.push(eb(column('notifications.created_at'), '>=', start));
    }
    return eb.and(conditions);
  };
}

/** Whether a bucket of the `notifications` counters (read flag '1'/'0', type) holds notifications of the filters. */
function totalMatches(filters: Pick<Filters, 'is_read' | 'notification_type'>) {
  return ([read, type]: string[]) =>
    (filters.is_read === undefined || read === (filters.is_read ? '1' : '0')) &&
    (!filters.notification_type || type === filters.notification_type);
}

/** The notifications of the type and read filters (`total`) and all of them (`rows`), from the kept counters. */
async function notificationTotals(
  db: Kysely<Database>,
  filters: Filters,
): Promise<{ total: number; rows: number }> {
  const buckets = await readCounters(db, 'notifications');
  return { total: sumBuckets(buckets, totalMatches(filters)), rows: sumBuckets(buckets) };
}

/**
 * The filtered notifications month by month and day by day (created), newest first, from the kept
 * counters `notifications_month` (read, type, month) and `notifications_day` (day, read, type), or
 * without a type filter `notifications_read_day` (day, read: a month's days in some 60 rows, where
 * the types make them a thousand). A period needs none: its rows are the newest ones of the list.
 */
function notificationsByPeriod(db: Kysely<Database>, filters: Filters): PeriodSources {
  const read = filters.is_read === undefined ? null : flagPart(filters.is_read);
  const type = filters.notification_type ?? null;
  const filtered = read !== null || type !== null;
  return {
    months: () => rowsByMonth(db, 'notifications_month', filtered ? [bucketPattern([read, type, null])] : []),
    days: (month) =>
      type === null
        ? rowsByDay(db, 'notifications_read_day', month, read === null ? [] : [bucketPattern([null, read])])
        : rowsByDay(db, 'notifications_day', month, [bucketPattern([null, read, type])]),
  };
}

/**
 * A page of every user's notifications, newest first (id breaks ties). Counts: the kept counters for
 * the type and read filters; with a search or a period, the matches up to the cap.
 */
export async function listNotifications(
  db: Kysely<Database>,
  query: NotificationListQuery,
  now: Date = new Date(),
): Promise<{ count: number; count_capped: boolean; results: Notification[] }> {
  const unfiltered = !query.notification_type && query.is_read === undefined && !query.period;
  const plans = await planSearches(db, NOTIFICATION_SEARCH, query.search, {
    checkOthersOnRows: async (own) => unfiltered && searchCapped(NOTIFICATION_SEARCH, own),
  });
  const broadcastIds = await broadcastIdsMatching(db, query.search);
  const since = query.period ? periodStart(query.period, now).toISOString() : undefined;
  const filtered = (planned: SearchPlans = plans, from = since) =>
    db.selectFrom('notifications').where(matchesFilters(db, query, now, planned, broadcastIds, from));
  // SQLite, a search beside a broad period: each side's matches read apart (notification-side-matches).
  const sideBySide = await matchesSideBySide(
    db,
    { term: query.search, plans, broadcastIds },
    query.period && query.search && dialectOf(db) === 'sqlite'
      ? {
          filtered: () =>
            db
              .selectFrom('notifications')
              .where(matchesFilters(db, { ...query, search: undefined }, now))
              .select('notifications.id'),
          ...(await notificationTotals(db, query)),
        }
      : undefined,
  );
  // A deep page without a search starts at its day (db/deep-pages.ts).
  const window = pageWindow(query);
  const start = query.search
    ? { offset: window.offset }
    : await deepPageStart(window.offset, notificationsByPeriod(db, query));
  const readers = (planned: SearchPlans) =>
    pageReaders(
      db,
      {
        limit: window.limit,
        offset: start.offset,
        ...searchPage(
          'notifications',
          { term: query.search, plans: planned },
          query.notification_type,
          query.is_read,
          query.period,
          start.before,
        ),
        // A period's start moves with the clock: a value of the kept statement.
        since,
      },
      (ids) =>
        selectNotifications(db)
          .where('notifications.id', 'in', ids)
          .orderBy('notifications.created_at', 'desc')
          .orderBy('notifications.id', 'desc'),
      (among?: readonly number[], from?: string) =>
        (among
          ? db.selectFrom('notifications').where('notifications.id', 'in', among)
          : filtered(planned, from).$if(start.before !== undefined, (rows) =>
              rows.where('notifications.created_at', '<', start.before ?? ''),
            )
        )
          .select('notifications.id')
          .orderBy('notifications.created_at', 'desc')
          .orderBy('notifications.id', 'desc'),
    );
  const page = await fetchListPage(db, {
    searching: Boolean(query.search || query.period),
    // A period without a term: its start moves with the clock, its set is never asked twice.
    witnessed: Boolean(query.search) || !query.period,
    capped: unfiltered && searchCapped(NOTIFICATION_SEARCH, plans),
    counted: {
      reads: [{ list: 'notifications' }],
      count: ([buckets]) => sumBuckets(buckets ?? [], totalMatches(query)),
    },
    // A related side's dense term read through its text index by the proof (db/search.ts `proofPlans`).
    matches: () =>
      sideBySide ??
      filtered(proofPlans(dialectOf(db), NOTIFICATION_SEARCH, plans)).select('notifications.id'),
    /* SQLite: a search's proof past the cap keeps witnesses, checked by key next time: a dense term's
       count beside a filter walks the filter's index (`?search=ana&is_read=false` at a million users:
       28,000 notifications visited, 100 ms; 4 ms by `proofPlans`, its check 1 ms). */
    checked: query.search
      ? checkedUnlessByIds(plans, () =>
          db
            .selectFrom('notifications')
            .where(matchesFilters(db, query, now, rowPlans(NOTIFICATION_SEARCH), broadcastIds))
            .select('notifications.id'),
        )
      : undefined,
    ...readers(plans),
    /* SQLite: past the cap, an early page walks the list's order index, probing each notification
       among the matches of the text and of the recipients, where gathering them all by their
       indexes sorted thousands of rows (db/search.ts `probeAlongOrder`). */
    cappedRows:
      query.search && dialectOf(db) === 'sqlite'
        ? async () => {
            const listed = sumBuckets(await readCounters(db, 'notifications'), totalMatches(query));
            return readers(probeAlongOrder(plans, start.offset + window.limit, listed) ?? plans).rows();
          }
        : undefined,
  });
  return { count: page.count, count_capped: page.capped, results: page.rows.map(toNotification) };
}

export async function getNotification(db: Kysely<Database>, id: number): Promise<Notification> {
  const row = await selectNotifications(db).where('notifications.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return toNotification(row);
}

/** Every user's notifications, and the unread ones, from the kept counters. */
export async function getNotificationStats(db: Kysely<Database>): Promise<NotificationStats> {
  const buckets = await readCounters(db, 'notifications');
  return {
    total_notifications: sumBuckets(buckets),
    unread_notifications: sumBuckets(buckets, ([read]) => read === '0'),
  };
}

/** One admin's notifications, without the types their preferences turn off. */
function inboxOf(db: Kysely<Database>, adminId: number, hiddenTypes: readonly string[]) {
  let inbox = db.selectFrom('notifications').where('notifications.user_id', '=', adminId);
  if (hiddenTypes.length > 0)
    inbox = inbox.where('notifications.notification_type', 'not in', [...hiddenTypes]);
  return inbox;
}

/**
 * The header bell's statements for one number of hidden types, built and compiled once each
 * (db/precompiled; named on PostgreSQL: one plan whatever the admin, their inbox's index), their
 * values the admin and the hidden types. Kysely built and compiled them at every poll of every open
 * console: 0.4 ms a feed in a profile, more than running them. At most one per number of types the
 * preferences can hide.
 */
interface FeedStatements {
  unread: PrecompiledQuery<readonly (number | string)[], { count: number | string }>;
  newest: PrecompiledQuery<readonly (number | string)[], NotificationRow>;
}

const feedStatements = new Map<number, FeedStatements>();

function feedStatementsFor(hiddenCount: number): FeedStatements {
  let kept = feedStatements.get(hiddenCount);
  if (!kept) {
    /* The markers of db/precompiled stand for the admin's id and the hidden types. Unread notifications:
       through the inbox index, up to the cap (far above the '9+'); the newest: their ids through the
       inbox's index, newest first, then their rows. */
    const inbox = (db: Kysely<Database>, values: readonly (number | string)[]) =>
      inboxOf(db, values[0] as number, values.slice(1) as string[]);
    kept = {
      unread: precompiled(1 + hiddenCount, (db, ...values: readonly (number | string)[]) =>
        db
          .selectFrom(
            inbox(db, values)
              .where('notifications.is_read', '=', false)
              .select('notifications.id')
              .limit(SEARCH_COUNT_CAP + 1)
              .as('matches'),
          )
          .select((eb) => eb.fn.countAll<number | string>().as('count')),
      ),
      newest: precompiled(1 + hiddenCount, (db, ...values: readonly (number | string)[]) =>
        selectNotifications(db)
          .where(
            'notifications.id',
            'in',
            inbox(db, values)
              .select('notifications.id')
              .orderBy('notifications.created_at', 'desc')
              .orderBy('notifications.id', 'desc')
              .limit(NOTIFICATION_FEED_SIZE),
          )
          .orderBy('notifications.created_at', 'desc')
          .orderBy('notifications.id', 'desc'),
      ),
    };
    feedStatements.set(hiddenCount, kept);
  }
  return kept;
}

/** Unread notifications of one admin (through the inbox index; up to the cap, far above the '9+'). */
export async function countUnreadOf(
  db: Kysely<Database>,
  adminId: number,
  hiddenTypes: readonly string[] = [],
): Promise<number> {
  const row = await feedStatementsFor(hiddenTypes.length).unread.executeTakeFirst(
    db,
    adminId,
    ...hiddenTypes,
  );
  return Math.min(Number(row?.count ?? 0), SEARCH_COUNT_CAP);
}

/** The header bell: the admin's latest notifications and how many are unread. */
export async function getNotificationFeed(
  db: Kysely<Database>,
  adminId: number,
  hiddenTypes: readonly string[] = [],
): Promise<NotificationFeed> {
  const [unread, rows] = await Promise.all([
    countUnreadOf(db, adminId, hiddenTypes),
    feedStatementsFor(hiddenTypes.length).newest.execute(db, adminId, ...hiddenTypes),
  ]);
  return { unread_count: unread, results: rows.map(toNotification) };
}
