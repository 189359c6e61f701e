import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';

/*
 * One way to answer a paginated list at any size: the page's rows and its count run together; the
 * count comes from the kept counters (or a cheap indexed count) when there is no free-text search, and
 * with a search the matches are counted up to SEARCH_COUNT_CAP only (`capped` past it), so no request
 * ever counts a whole table.
 */

export interface ListPage<R> {
  count: number;
  /** True when a search matched more than SEARCH_COUNT_CAP rows (count is then the cap). */
  capped: boolean;
  rows: R[];
}

/** Rows of `matches` (a filtered query selecting one column), counted up to the cap. */
export async function countUpToCap<QDB, TB extends keyof QDB, O>(
  db: Kysely<Database>,
  matches: SelectQueryBuilder<QDB, TB, O>,
): Promise<{ count: number; capped: boolean }> {
  const row = await db
    .selectFrom(matches.limit(SEARCH_COUNT_CAP + 1).as('matches'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return count > SEARCH_COUNT_CAP ? { count: SEARCH_COUNT_CAP, capped: true } : { count, capped: false };
}

export async function fetchListPage<R, QDB, TB extends keyof QDB, O>(
  db: Kysely<Database>,
  list: {
    /** Free-text search present: the count is bounded by the cap. */
    searching: boolean;
    /** The exact total without a search (counters or an indexed count). */
    exactCount: () => Promise<number>;
    /** The filtered set selecting one column (counted up to the cap when searching). */
    matches: () => SelectQueryBuilder<QDB, TB, O>;
    rows: () => Promise<R[]>;
  },
): Promise<ListPage<R>> {
  const [total, rows] = await Promise.all([
    list.searching
      ? countUpToCap(db, list.matches())
      : list.exactCount().then((count) => ({ count, capped: false })),
    list.rows(),
  ]);
  return { count: total.count, capped: total.capped, rows };
}
