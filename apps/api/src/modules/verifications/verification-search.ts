import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  inTextIndexOrder,
  isBroadFilter,
  mayReadInTextOrder,
  pagePlans,
  planSearches,
  probePlans,
  SCATTERED_PAGE_SCAN_VISITS,
  type SearchPlans,
  type SearchSide,
  searchCapped,
  TEXT_ORDER_PLAN,
  windowPlan,
} from '../../db/search.js';
import { dialectOf, rowsOfDeletedUsersUpTo, type VerificationTable } from '../../db/sql.js';

/*
 * How both verification lists search their own text (the provider's or the client's, kept on the row):
 * one plan for the count, one for the page, and whether the count reads the text index's order.
 */

/** A verification is found by its own text alone. */
export function verificationSearchSides(table: VerificationTable): readonly SearchSide[] {
  return [{ table }];
}

/** Its own text read joined to its text index's matches (`inTextIndexOrder`): found in each. */
export function textOrderPlans(table: VerificationTable): SearchPlans {
  return new Map([[table, TEXT_ORDER_PLAN]]);
}

export interface VerificationSearchPlan {
  /** How the count, and a search of few matches, read the term (`planSearches`). */
  plans: SearchPlans;
  /** The sample already passed the cap: no count (`searchCapped`). */
  capped: boolean;
  /**
   * How the page reads the term when its count is told: along the list's order, or walking its order
   * index and probing the matches, when that is cheaper than sorting them all.
   */
  rowsPlans: SearchPlans;
  /** The count reads a common term's matches in the text index's order (`inTextIndexOrder`). */
  textOrder: boolean;
  /**
   * Beside a broad submission window (`window`), how the count reads a term whose matches cost less
   * to gather than to read in the text index's order (db/search.ts `windowPlan`): the window's index
   * probed among them. In that order each match's row was read to check its date (provider
   * verifications `?search=923&days=7` at a million users: 15 ms of SQL; probed, 5).
   */
  windowPlans?: SearchPlans;
}

/**
 * Plans `term` on a verification list. `unfiltered`: no other filter, so deleted users' rows (a user
 * may have several) are counted, up to a bound, to size the sample. `keptShare`: how many rows the
 * other filters keep of the table (the kept counters, or a submission window's rows counted up to
 * the broad share, `countUpToBroad`), asked only when a common term could be counted in the text
 * index's order, one-character terms included (their word starts).
 */
export async function planVerificationSearch(
  db: Kysely<Database>,
  table: VerificationTable,
  term: string | undefined,
  options: {
    unfiltered: boolean;
    pageEnd: number;
    keptShare: () => Promise<{ kept: number; total: number }>;
    /** The other filters hold a submission window. */
    window?: boolean;
  },
): Promise<VerificationSearchPlan> {
  const sides = verificationSearchSides(table);
  const plans = await planSearches(db, sides, term, {
    leftOutUpTo: options.unfiltered ? (limit) => rowsOfDeletedUsersUpTo(db, table, limit) : undefined,
  });
  const capped = options.unfiltered && searchCapped(sides, plans);
  /* Submission order does not follow the ids: fewer visits along it (SCATTERED_PAGE_SCAN_VISITS);
     past them, the submission index is probed among the matches (probePlans). */
  const rowsPlans = capped
    ? probePlans(sides, pagePlans(sides, plans, options.pageEnd, SCATTERED_PAGE_SCAN_VISITS), options.pageEnd)
    : plans;
  const plan = plans.get(table);
  let textOrder = mayReadInTextOrder(dialectOf(db), table, term, plan, { wordStarts: true });
  if (textOrder && !options.unfiltered) {
    const share = await options.keptShare();
    textOrder = isBroadFilter(share.kept, share.total);
    const probed = textOrder && options.window && plan ? windowPlan(plan, share.total, share.kept) : null;
    if (probed !== null && probed !== plan) {
      // Its page past the cap as well: the window's index walked in the list's order, probed.
      const windowPlans = new Map([[table, probed]]);
      return { plans, capped, rowsPlans: windowPlans, textOrder: false, windowPlans };
    }
  }
  return { plans, capped, rowsPlans, textOrder };
}

/**
 * The set a verification list's count reads (`ids(plans)`: its filtered rows selecting their id, the
 * term read by `plans`): beside a broad submission window, the window's index probed among the
 * term's matches (`windowPlans`); a common term's matches in the text index's order (`textOrder`);
 * else as planned.
 */
export function countedVerifications<T extends VerificationTable>(
  table: T,
  term: string | undefined,
  planned: Pick<VerificationSearchPlan, 'plans' | 'textOrder' | 'windowPlans'>,
  ids: (plans?: SearchPlans) => SelectQueryBuilder<Database, T, { id: number }>,
) {
  if (planned.windowPlans) return ids(planned.windowPlans);
  if (!term || !planned.textOrder) return ids();
  return inTextIndexOrder(ids(textOrderPlans(table)), { table, term, plan: planned.plans.get(table) });
}
