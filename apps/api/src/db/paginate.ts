import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import { type Compilable, type Kysely, type OperationNodeSource, type SelectQueryBuilder, sql } from 'kysely';
import { RecentlyUsed } from '../lib/recently-used.js';
import {
  type AppendOnlyTable,
  matchesUpToWitnesses,
  sqliteMatchesUpToWitnesses,
} from './capped-witnesses.js';
import {
  bucketSetsOf,
  type CounterArmRow,
  type CounterBucket,
  counterArms,
  counterReadsKey,
  readCounterSets,
  type UnboundCounterRead,
} from './counters.js';
import { paddedIds } from './id-lists.js';
import { type PrecompiledQuery, precompiled } from './precompiled.js';
import { executeNamed } from './prepared-statements.js';
import type { Database } from './schema.js';
import { planShape, type SearchPlan, type SearchPlans } from './search.js';
import { dialectOf } from './sql.js';
import { pageIdsWhileTablesUnchanged, whileTablesUnchanged } from './unchanged-tables.js';

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
  /** Every match of a search that matched no more than the cap, when the list read its page by id. */
  matchIds?: number[];
  /** Without a search, the buckets of each of `counted.reads`, in their order. */
  counterSets?: CounterBucket[][];
}

/** A page's rows and the buckets of the counters read with them. */
export interface RowsBeside<R> {
  rows: R[];
  sets: CounterBucket[][];
}

/**
 * A search's filtered set selecting the id, each searched text checked on the row (db/search.ts
 * ROW_PLAN): what a kept witness is tested against (db/capped-witnesses.ts).
 */
export type CheckedMatches = () => SelectQueryBuilder<Database, keyof Database, { id: number }>;

/**
 * Rows of `matches` (a filtered query selecting one column), counted up to the cap. `searching`: a
 * free-text search's matches, whose proof past the cap PostgreSQL keeps witnesses of
 * (db/capped-witnesses.ts), and SQLite when given the `checked` set; both test the witnesses against
 * that set when given (PostgreSQL: against `matches` otherwise). Not for a count an index serves
 * (an admin's unread notifications, the journal's entries of one action): reading 1,001 of its
 * entries costs less than checking 1,001 witnesses by key (the journal's count, 1.9 ms checked).
 */
export async function countUpToCap<QDB, TB extends keyof QDB, O>(
  db: Kysely<Database>,
  matches: SelectQueryBuilder<QDB, TB, O>,
  options: {
    searching?: boolean;
    appendOnly?: AppendOnlyTable;
    checked?: CheckedMatches;
    /** False: no witnesses are kept, the database counts (`fetchListPage`'s `witnessed`). */
    witnessed?: boolean;
  } = {},
): Promise<{ count: number; capped: boolean }> {
  const sqliteChecked = dialectOf(db) === 'sqlite' ? options.checked : undefined;
  const witnessed = options.searching && options.witnessed !== false;
  if (witnessed && (dialectOf(db) === 'postgres' || sqliteChecked)) {
    // Its matches' ids, which a proof past the cap keeps as witnesses (db/capped-witnesses.ts).
    const ids = sqliteChecked
      ? await sqliteMatchesUpToWitnesses(db, matches, sqliteChecked())
      : await matchesUpToWitnesses(db, matches, options.appendOnly, options.checked?.());
    return ids === null || ids.length > SEARCH_COUNT_CAP
      ? { count: SEARCH_COUNT_CAP, capped: true }
      : { count: ids.length, capped: false };
  }
  const counting = db
    .selectFrom(matches.limit(SEARCH_COUNT_CAP + 1).as('matches'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'));
  // SQLite: a search's count stands while the tables it reads are unchanged (db/unchanged-tables).
  const row = options.searching
    ? await whileTablesUnchanged(db, [counting], () => counting.executeTakeFirstOrThrow())
    : await counting.executeTakeFirstOrThrow();
  const count = Number(row.count);
  return count > SEARCH_COUNT_CAP ? { count: SEARCH_COUNT_CAP, capped: true } : { count, capped: false };
}

/**
 * Ids of `matches` (a filtered query selecting the id), up to one past the cap (PostgreSQL: up to
 * WITNESSES, or null when kept witnesses prove more than the cap, db/capped-witnesses.ts).
 */
async function matchingIds<QDB, TB extends keyof QDB, O>(
  db: Kysely<Database>,
  matches: SelectQueryBuilder<QDB, TB, O>,
  checked?: CheckedMatches,
  order?: MatchOrder,
): Promise<{ ids: number[]; firstIds?: number[] } | null> {
  if (dialectOf(db) === 'postgres') {
    const ids = await matchesUpToWitnesses(db, matches, undefined, checked?.());
    return ids === null ? null : { ids };
  }
  // SQLite: each match's place in the list's order read with it (`MatchOrder`).
  const keyed = order ? matches.select(sql.ref(order.column).as('order_key')) : matches;
  const limited = keyed.limit(SEARCH_COUNT_CAP + 1);
  const rows = checked
    ? await sqliteMatchesUpToWitnesses(db, keyed, checked())
    : /* The matches stand while the tables they are read from are unchanged (db/unchanged-tables);
         past the cap, only that they are past it (null). */
      await whileTablesUnchanged(db, [limited], async () => {
        const read = await limited.execute();
        if (read.length > SEARCH_COUNT_CAP) return null;
        return read.map((row) => {
          const [id, group] = Object.values(row as object);
          return { id: Number(id), group };
        });
      });
  if (rows === null) return null;
  const ids = rows.map((row) => row.id);
  return order && rows.length <= SEARCH_COUNT_CAP ? { ids, firstIds: firstInOrder(rows, order) } : { ids };
}

/**
 * SQLite, a search's matches read with their place in the list's order (the order's column, then the
 * id, both `direction`): a search matching no more than the cap reads its page's rows among the ids
 * up to the page's last one (`pageEnd`), not among all of them. Client verifications
 * `?search=silva&verification_status=pending` at a million users: 380 matches, each row read to
 * sort them for a page of 20.
 */
export interface MatchOrder {
  column: string;
  direction: 'asc' | 'desc';
  pageEnd: number;
}

/** The ids of `rows` (an id and its order value) first in `order`, up to its page's end. */
export function firstInOrder(
  rows: ReadonlyArray<{ id: number; group: unknown }>,
  order: MatchOrder,
): number[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => {
    const byKey = compareValues(a.group, b.group);
    return sign * (byKey !== 0 ? byKey : a.id - b.id);
  });
  return sorted.slice(0, order.pageEnd).map((row) => row.id);
}

/**
 * SQLite's order of two values of one column: nulls first, then numbers, then texts by their
 * characters' codes (SQLite's binary order for the ASCII times the lists order by).
 */
function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  const [left, right] = [String(a), String(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}

export async function fetchListPage<R, QDB, TB extends keyof QDB, O>(
  db: Kysely<Database>,
  list: {
    /** Free-text search present: the count is bounded by the cap. */
    searching: boolean;
    /**
     * Whether the matches' ids are read (the default): to read a page among them when they are no
     * more than the cap (`rowsOf`), and on PostgreSQL to keep them as the witnesses of a count past
     * the cap for the next request of the same set (db/capped-witnesses.ts). False for a set without
     * a searched term whose filter moves with the clock (the notifications of the last 7 days): never
     * asked twice, its page walked along the list's order anyway, it is counted up to the cap by the
     * database (`?period=week` at a million users on PostgreSQL: 1,101 ids turned into objects at
     * each request, 0.76 MB of allocations, for one number).
     */
    witnessed?: boolean;
    /**
     * The search's plans already show more than the cap of matches (db/search.ts `searchCapped`):
     * the count is the cap, without a count.
     */
    capped?: boolean;
    /** The exact total without a search (an indexed count, or counters read apart). */
    exactCount?: () => Promise<number>;
    /**
     * The exact total without a search from the kept counters: the `reads` (their buckets come back
     * in `ListPage.counterSets`) and the total they tell. Read with the page (`rowsBeside`).
     */
    counted?: { reads: readonly UnboundCounterRead[]; count: (sets: CounterBucket[][]) => number };
    /** The page's rows and the counters' `reads`, together (`pageReaders`). */
    rowsBeside?: (reads: readonly UnboundCounterRead[]) => Promise<RowsBeside<R>>;
    /** The filtered set selecting one column, the id (counted up to the cap when searching). */
    matches: () => SelectQueryBuilder<QDB, TB, O>;
    /**
     * SQLite, a search beside other filters: the same set with each searched text checked on the row
     * (`CheckedMatches`); a proof past the cap then keeps witnesses (db/capped-witnesses.ts).
     */
    checked?: CheckedMatches;
    /**
     * SQLite: the list's order, read with each match so that a search matching no more than the cap
     * reads its page among the first ids in that order (`MatchOrder`).
     */
    matchOrder?: MatchOrder;
    rows: () => Promise<R[]>;
    /**
     * The page once the search is known to match more than the cap (its plans, or a count's proof),
     * when that knowledge reads it another way (db/search.ts `probeAlongOrder`); `rows` otherwise.
     */
    cappedRows?: () => Promise<R[]>;
    /**
     * The page among these ids (every match of a search, when there are no more than the cap), in
     * the list's order. A search for one person matches a handful of rows: read by id, they cost
     * what they are, where walking the list's order index for them would visit the whole table.
     */
    rowsOf?: (ids: number[]) => Promise<R[]>;
  },
): Promise<ListPage<R>> {
  const cappedRows = list.cappedRows ?? list.rows;
  if (list.searching && list.capped) {
    return { count: SEARCH_COUNT_CAP, capped: true, rows: await cappedRows() };
  }
  if (list.searching && list.rowsOf && list.witnessed !== false) {
    const matched = await matchingIds(db, list.matches(), list.checked, list.matchOrder);
    if (matched !== null && matched.ids.length <= SEARCH_COUNT_CAP) {
      const { ids, firstIds = ids } = matched;
      const rows = firstIds.length === 0 ? [] : await list.rowsOf(firstIds);
      return { count: ids.length, capped: false, rows, matchIds: ids };
    }
    return { count: SEARCH_COUNT_CAP, capped: true, rows: await cappedRows() };
  }
  if (!list.searching && list.counted) {
    const { reads, count } = list.counted;
    const { rows, sets } = list.rowsBeside
      ? await list.rowsBeside(reads)
      : await rowsAndCounters(db, list.rows, reads);
    return { count: count(sets), capped: false, rows, counterSets: sets };
  }
  const countTotal = async () => {
    if (list.searching) {
      return countUpToCap(db, list.matches(), {
        searching: true,
        checked: list.checked,
        witnessed: list.witnessed,
      });
    }
    if (!list.exactCount) throw new Error('fetchListPage : ni exactCount ni counted.');
    return { count: await list.exactCount(), capped: false };
  };
  const [total, rows] = await Promise.all([countTotal(), list.rows()]);
  return { count: total.count, capped: total.capped, rows };
}

/** The page's rows and the counters' buckets by two statements at once. */
async function rowsAndCounters<R>(
  db: Kysely<Database>,
  rows: () => Promise<R[]>,
  reads: readonly UnboundCounterRead[],
): Promise<RowsBeside<R>> {
  const [pageRows, sets] = await Promise.all([rows(), readCounterSets(db, reads)]);
  return { rows: pageRows, sets: [...sets] };
}

/** A select of a list's rows in its order, which a page limits. */
export interface OrderedRows<R> extends Compilable<R> {
  limit(limit: number): OrderedRows<R>;
  offset(offset: number): OrderedRows<R>;
  execute(): Promise<R[]>;
}

/** A page's place in its list, and the key of its statement (`pageReaders`). */
export interface PageWindow {
  limit: number;
  offset: number;
  /**
   * Names the list and every value its page statement is built from, but the page's limit and
   * offset (`pageStatementKey`, `searchPageKey`): the same key must always build the same SQL with
   * the same other values. Without a key (a page read among a search's ids) the statement is built
   * each time.
   */
  key?: string;
  /**
   * A free-text search's page (`searchPage`): on SQLite, outside a period (`since`), its ids are kept
   * while the tables its statement reads are unchanged (db/unchanged-tables), and its rows read by
   * those ids.
   */
  searching?: boolean;
  /**
   * A period's start (an ISO instant), which moves with the clock: a keyed statement takes it as a
   * value (its last marker), not in its key, and `orderedIds` receives it (the marker, or the value
   * itself when the statement is built each time).
   */
  since?: string;
}

type KeyValue = string | number | boolean | null | undefined;

/** A page statement's key: the list's name and the values its statement is built from. */
export function pageStatementKey(list: string, ...values: KeyValue[]): string {
  return JSON.stringify([list, ...values.map((value) => value ?? null)]);
}

/**
 * The key of a page statement that may search: without `term`, the list and `values`; with it, also
 * the term and what the statement takes from the plans its page is read by (`planShape`), or no key
 * when a plan holds the matches' ids.
 */
export function searchPageKey(
  list: string,
  search: { term: string | undefined; plans: SearchPlan | SearchPlans },
  ...values: KeyValue[]
): string | undefined {
  if (!search.term) return pageStatementKey(list, ...values);
  const shape = planShape(search.plans);
  return shape === null ? undefined : pageStatementKey(list, ...values, search.term, shape);
}

/** A page's `key` (`searchPageKey`), and whether it is a free-text search's (`PageWindow.searching`). */
export function searchPage(
  list: string,
  search: { term: string | undefined; plans: SearchPlan | SearchPlans },
  ...values: KeyValue[]
): { key: string | undefined; searching: boolean } {
  return { key: searchPageKey(list, search, ...values), searching: Boolean(search.term) };
}

/**
 * Page statements kept compiled, by key; the least recently used go past this many. Kysely built and
 * compiled a list's page query on every request: on SQLite 16 % of a users page's CPU in a profile
 * (its two correlated subqueries, the filters, the order), 2 % once kept; on PostgreSQL 19 % with
 * its two statements (the page's ids, then their rows), and 3 % more to look each new text up among
 * the named statements (db/prepared-statements).
 */
export const KEPT_PAGE_STATEMENTS = 256;
const keptPageStatements = new RecentlyUsed<string, PrecompiledQuery<readonly (number | string)[], unknown>>(
  KEPT_PAGE_STATEMENTS,
);

/** A page statement's values: its limit and offset, and a period's start (`PageWindow.since`). */
type WindowValues = [limit: number, offset: number] | [limit: number, offset: number, since: string];

/**
 * The statement kept under `key`, built at its first run with a marker for each of its `count`
 * values (db/precompiled); `named`: run named on PostgreSQL (a plan that does not depend on them).
 */
function keptPageStatement<R, V extends readonly (number | string)[]>(
  key: string,
  count: V['length'],
  build: (...values: V) => Compilable<R>,
  named = true,
): PrecompiledQuery<V, R> {
  let kept = keptPageStatements.get(key);
  if (!kept) {
    const statement = precompiled(count, (_db, ...values: V) => build(...values), { named });
    kept = statement as unknown as PrecompiledQuery<readonly (number | string)[], unknown>;
    keptPageStatements.set(key, kept);
  }
  return kept as unknown as PrecompiledQuery<V, R>;
}

/** Page statements kept now (tests). */
export function keptPageStatementCount(): number {
  return keptPageStatements.size;
}

/** The ids of a list's filtered rows in its order (a subquery), which a page limits. */
export interface OrderedIds<Q> extends Compilable<object>, OperationNodeSource {
  limit(limit: number): Q;
  execute(): Promise<object[]>;
}

/**
 * `fetchListPage`'s two ways to read a page, from the list's order written once: `rowsAmong(ids)`
 * selects the rows whose id is among `ids` (the page's ids as a subquery) in the list's order;
 * `orderedIds()` selects the filtered ids in that order, and `orderedIds(among)` the ids among a
 * search's matches (`among`, which already pass every filter) in that order, by those ids alone.
 *
 * Among a search's matches (up to the cap), the page's ids are chosen first by that narrow query and
 * only the page's rows are then read with their joins: reading every match with its joins before
 * keeping 20 cost 7 ms for 2,000 disputes of 'silva' at a million users. The ids alone, without the
 * list's other filters, are read by primary key: with a status filter beside them SQLite walked the
 * status index instead.
 *
 * A keyed page (`PageWindow.key`) keeps its statements compiled: on SQLite the page's one statement,
 * with markers for its limit and offset; on PostgreSQL its ids' statement likewise (planned at each
 * run, with its values) and its rows' statement for each number of ids (named).
 */
export function pageReaders<R, Q extends OrderedIds<Q> & { offset(offset: number): Q }>(
  db: Kysely<Database>,
  page: PageWindow,
  rowsAmong: (ids: Q) => OrderedRows<R>,
  orderedIds: (among?: readonly number[], since?: string) => Q,
): {
  rows: () => Promise<R[]>;
  rowsOf: (ids: number[]) => Promise<R[]>;
  rowsBeside: (reads: readonly UnboundCounterRead[]) => Promise<RowsBeside<R>>;
} {
  /* A period's start is the kept statement's last value (`PageWindow.since`): the key says that
     there is one, never which. */
  const key = page.key === undefined || page.since === undefined ? page.key : `${page.key}|since`;
  const values: WindowValues =
    page.since === undefined ? [page.limit, page.offset] : [page.limit, page.offset, page.since];
  const pageIds = (...[limit, offset, since]: WindowValues) =>
    orderedIds(undefined, since).limit(limit).offset(offset);
  /* PostgreSQL: read apart from the choice of the ids (planned with the filter's values, alone on
     its table), the rows' joins have a plan that depends only on how many ids there are: a named
     statement, whose plan PostgreSQL keeps (db/prepared-statements). */
  const rowsOfIds = async (ids: number[]): Promise<R[]> => {
    if (ids.length === 0) return [];
    return key === undefined
      ? executeNamed('postgres', rowsAmong(orderedIds(ids)))
      : keptPageStatement<R, number[]>(`${key}|rows|${ids.length}`, ids.length, (...among) =>
          rowsAmong(orderedIds(among)),
        ).execute(db, ...ids);
  };
  /* SQLite: a search's page ids are kept while its tables are unchanged (db/unchanged-tables), but
     not within a period, whose start moves with the clock: no two requests would share them. */
  const keptIds = page.searching === true && page.since === undefined;
  const rows =
    dialectOf(db) === 'postgres'
      ? async () => {
          const idRows =
            key === undefined
              ? await pageIds(...values).execute()
              : await keptPageStatement<object, WindowValues>(
                  `${key}|ids`,
                  values.length,
                  pageIds,
                  false,
                ).execute(db, ...values);
          return rowsOfIds(idRows.map(firstNumber));
        }
      : !keptIds
        ? key === undefined
          ? () => rowsAmong(pageIds(...values)).execute()
          : () =>
              keptPageStatement<R, WindowValues>(key, values.length, (...window) =>
                rowsAmong(pageIds(...window)),
              ).execute(db, ...values)
        : async () => {
            /* A search's page walks the list's order testing each row, or gathers the term's matches
               first (notifications `?search=x` at a million users: 8 ms): its ids are kept while the
               tables it reads are unchanged (db/unchanged-tables), and only its rows are read again. */
            const ids =
              key === undefined
                ? // Built each time (a plan holds ids): kept by its text and values alike.
                  await whileTablesUnchanged(db, [pageIds(...values)], async () =>
                    (await pageIds(...values).execute()).map(firstNumber),
                  )
                : await pageIdsWhileTablesUnchanged(
                    db,
                    `${key}|${values.join('|')}`,
                    () => pageIds(...values),
                    async () =>
                      (
                        await keptPageStatement<object, WindowValues>(
                          `${key}|ids`,
                          values.length,
                          pageIds,
                        ).execute(db, ...values)
                      ).map(firstNumber),
                  );
            return ids.length === 0 ? [] : rowsAmong(orderedIds(paddedIds(ids))).execute();
          };
  /* PostgreSQL: the counters ride in the ids' statement (each statement is a round trip, and its
     write alone cost the API some 80 µs on this machine); SQLite reads both at once in-process. */
  const rowsBeside =
    dialectOf(db) === 'postgres'
      ? async (reads: readonly UnboundCounterRead[]): Promise<RowsBeside<R>> => {
          const idsAndBuckets = (...window: WindowValues) => idsBesideCounters(db, pageIds(...window), reads);
          const combined =
            key === undefined
              ? await idsAndBuckets(...values).execute()
              : await keptPageStatement<IdOrBucket, WindowValues>(
                  `${key}|ids|${counterReadsKey(reads)}`,
                  values.length,
                  idsAndBuckets,
                  false,
                ).execute(db, ...values);
          const ids: number[] = [];
          const buckets: CounterArmRow[] = [];
          for (const row of combined) {
            if (Number(row.arm) === PAGE_ID_ARM) ids.push(Number(row.id));
            else if (row.bucket !== null) {
              buckets.push({ arm: row.arm, bucket: row.bucket, n: row.n ?? 0, amount: row.amount ?? 0 });
            }
          }
          return { rows: await rowsOfIds(ids), sets: bucketSetsOf(reads.length, buckets) };
        }
      : (reads: readonly UnboundCounterRead[]) => rowsAndCounters(db, rows, reads);
  return {
    rows,
    rowsOf: (ids) => rowsAmong(orderedIds(paddedIds(ids)).limit(page.limit).offset(page.offset)).execute(),
    rowsBeside,
  };
}

/** The arm of a page's id among the counters' buckets (theirs are the reads' indexes, from 0). */
const PAGE_ID_ARM = -1;

/** A row of `idsBesideCounters`: a page's id (arm -1) or a counters' bucket. */
interface IdOrBucket {
  id: number | string | null;
  arm: number | string;
  bucket: string | null;
  n: number | string | null;
  amount: number | string | null;
}

/**
 * The page's ids (a query whose column `id` holds them) and the counters' `reads` as one statement:
 * the ids with arm -1, then each read's buckets with its index (db/counters.ts `counterArms`). The
 * page's order is the rows' statement's to give: the ids need none here.
 */
function idsBesideCounters(
  db: Kysely<Database>,
  ids: OperationNodeSource,
  reads: readonly UnboundCounterRead[],
) {
  return db
    .selectFrom(
      sql<IdOrBucket>`(select page.id, ${sql.lit(PAGE_ID_ARM)} as arm, null as bucket, null as n, null as amount from ${ids} as page union all select null, counted.arm, counted.bucket, counted.n, counted.amount from ${counterArms(db, reads)} as counted)`.as(
        'beside',
      ),
    )
    .selectAll();
}

/** The number in a row of one column (an id). */
function firstNumber(row: object): number {
  return Number(Object.values(row)[0]);
}
