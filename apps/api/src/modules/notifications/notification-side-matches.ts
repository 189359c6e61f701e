import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { WITNESSES } from '../../db/capped-witnesses.js';
import type { Database } from '../../db/schema.js';
import {
  countUpToBroad,
  INDEX_PLAN,
  inTextIndexOrder,
  isBroadFilter,
  isEmptyPlan,
  mayReadInTextOrder,
  type SearchPlan,
  type SearchPlans,
  type SearchSide,
  searchLikePattern,
  searchMatches,
  windowPlan,
} from '../../db/search.js';
import { dialectOf } from '../../db/sql.js';

/** A notification is found by its own text or its recipient's name, e-mail or phone. */
export const NOTIFICATION_SEARCH: readonly SearchSide[] = [
  { table: 'notifications' },
  { table: 'users', alias: 'notifications', idColumn: 'user_id' },
];

/** The notifications under every list filter but the search (a period among them), selecting their id. */
export type FilteredNotifications = () => SelectQueryBuilder<Database, 'notifications', { id: number }>;

/**
 * SQLite: a search beside a period holding a tenth of the list or more (`isBroadFilter`; a week
 * often does: at a million users, 34,930 of 301,200 notifications), read side by side. Its matches
 * are the union of each side's, each side up to WITNESSES rows passing the filters: the
 * notifications holding the term (`ownMatches`), those of the recipients holding it, read in the
 * users' text index's order and each reached through the recipient's index (db/search.ts
 * `inTextIndexOrder`), and the copies of the broadcasts holding it. One OR walked the period's
 * index, reading every notification of the week at a random place to check the term on it and its
 * recipient, when they held fewer than the cap of matches (`?search=site&period=week` 116 ms,
 * `?search=q&period=week` 102 ms). Undefined: the search is read as one OR (no period, or a narrow
 * one). `period.total`: the notifications of the list's other filters; `period.rows`: all of them
 * (the kept counters).
 */
export async function matchesSideBySide(
  db: Kysely<Database>,
  search: { term: string | undefined; plans: SearchPlans; broadcastIds: readonly number[] | undefined },
  period: { filtered: FilteredNotifications; total: number; rows: number } | undefined,
): Promise<SelectQueryBuilder<Database, 'notifications', { id: number }> | undefined> {
  const { term, plans } = search;
  if (!term || !period || dialectOf(db) !== 'sqlite') return undefined;
  const inPeriod = await countUpToBroad(db, period.filtered(), period.total);
  if (!isBroadFilter(inPeriod, period.total)) return undefined;
  /* The own text's matches first, by their ids: past WITNESSES they already tell a count past the
     cap, and the recipients' side is not read (a word start as common as 'a': 11 → 2 ms). */
  const [own, recipient] = NOTIFICATION_SEARCH;
  const ownPlan = plans.get('notifications') ?? INDEX_PLAN;
  const ownIds = own && !isEmptyPlan(ownPlan) ? await ownMatches(term, ownPlan, period, inPeriod) : [];
  const byIds = db
    .selectFrom('notifications')
    .where(
      sql<boolean>`"notifications"."id" in (select value from json_each(${JSON.stringify(ownIds.map((row) => row.id))}))`,
    )
    .select('notifications.id');
  if (ownIds.length >= WITNESSES) return byIds;
  const arms: SelectQueryBuilder<Database, 'notifications', { id: number }>[] = [];
  const recipientPlan = plans.get('users') ?? INDEX_PLAN;
  if (recipient && !isEmptyPlan(recipientPlan)) {
    arms.push(
      mayReadInTextOrder('sqlite', recipient.table, term, recipientPlan, { wordStarts: true })
        ? inTextIndexOrder(period.filtered(), { ...recipient, term, plan: recipientPlan })
        : period
            .filtered()
            .where(searchMatches('sqlite', recipient.table, term, { ...recipient, plan: recipientPlan })),
    );
  }
  if (search.broadcastIds?.length !== 0)
    arms.push(period.filtered().where(copiesOf(term, search.broadcastIds)));
  if (arms.length === 0) return byIds;
  // Each side limited: a common term's side stops at its WITNESSES, which already tell a count past the cap.
  const [first, ...others] = [byIds, ...arms].map((arm) =>
    db.selectFrom(arm.limit(WITNESSES).as('side')).select('side.id'),
  );
  if (!first) return undefined;
  /* Typed as the notifications it selects from (their ids): a list's count only limits, compiles and
     runs it (db/paginate.ts `fetchListPage`'s `matches`), never joins or filters it further. */
  return others.reduce((all, arm) => all.union(arm), first) as unknown as SelectQueryBuilder<
    Database,
    'notifications',
    { id: number }
  >;
}

/**
 * The notifications of the period holding `term` in their own text, up to WITNESSES: the period's
 * index probed among the term's gathered matches, or those matches read in the text index's order
 * (db/search.ts `windowPlan`).
 */
export function ownMatches(
  term: string,
  plan: SearchPlan,
  period: { filtered: FilteredNotifications; rows: number },
  inPeriod: number,
) {
  const probed = windowPlan(plan, period.rows, inPeriod);
  const inTextOrder =
    probed === null && mayReadInTextOrder('sqlite', 'notifications', term, plan, { wordStarts: true });
  const matches = inTextOrder
    ? inTextIndexOrder(period.filtered(), { table: 'notifications', term, plan })
    : period.filtered().where(searchMatches('sqlite', 'notifications', term, { plan: probed ?? plan }));
  return matches.limit(WITNESSES).execute();
}

/** The copies of the broadcasts holding `term`: those of `ids` when they were read first. */
function copiesOf(term: string, ids: readonly number[] | undefined) {
  return ids
    ? sql<boolean>`"notifications"."broadcast_id" in (select value from json_each(${JSON.stringify(ids)}))`
    : sql<boolean>`"notifications"."broadcast_id" in (select b.id from notification_broadcasts b
        where b.search_text like ${searchLikePattern(term, 'notification_broadcasts')} escape '\\')`;
}
