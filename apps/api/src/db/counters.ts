import { type Compilable, type Kysely, type SqlBool, sql } from 'kysely';
import { endOfPeriod } from './deep-pages.js';
import { type PrecompiledQuery, precompiled } from './precompiled.js';
import type { Database } from './schema.js';
import { escapeLike } from './sql.js';

/*
 * Reads `list_counters` (kept exact by triggers, see migrations/support/counters.ts). A list's
 * bucket is its enum values and month joined by '|', so any unfiltered or enum-filtered total is a
 * sum over a few hundred small rows, whatever the size of the table.
 */

export type CounterList =
  | 'users'
  | 'users_state'
  | 'users_month'
  | 'users_day'
  | 'providers'
  | 'provider_verifications'
  | 'client_verifications'
  | 'pv_pending_day'
  | 'pv_pending_hour'
  | 'pv_processed_day'
  | 'cv_pending_day'
  | 'cv_pending_hour'
  | 'pv_month'
  | 'pv_day'
  | 'cv_day'
  | 'projects'
  | 'projects_state'
  | 'projects_month'
  | 'projects_day'
  | 'offers'
  | 'disputes'
  | 'disputes_resolved'
  | 'reports'
  | 'conversations'
  | 'conversations_day'
  | 'notifications'
  | 'notifications_month'
  | 'notifications_day'
  | 'notifications_read_day';

export interface CounterBucket {
  /** The bucket's parts, in the order of the list's definition. */
  parts: string[];
  n: number;
  amount: number;
}

/**
 * One precompiled statement per list, the list's name written in it: on PostgreSQL a named statement
 * without parameters runs its one plan from the first time on (db/prepared-statements), where
 * `list = $1` was planned again on every request (PostgreSQL kept custom plans for it).
 */
function perList<L extends CounterList, Row>(
  build: (db: Kysely<Database>, list: L) => Compilable<Row>,
): (list: L) => PrecompiledQuery<[], Row> {
  const queries = new Map<L, PrecompiledQuery<[], Row>>();
  return (list) => {
    let query = queries.get(list);
    if (!query) {
      query = precompiled(0, (db) => build(db, list));
      queries.set(list, query);
    }
    return query;
  };
}

const bucketsOfList = perList((db, list: CounterList) =>
  db.selectFrom('list_counters').select(['bucket', 'n', 'amount']).where('list', '=', sql.lit(list)),
);

export async function readCounters(db: Kysely<Database>, list: CounterList): Promise<CounterBucket[]> {
  return toBuckets(await bucketsOfList(list).execute(db));
}

function toBuckets(rows: readonly { bucket: string; n: number | string; amount: number | string }[]) {
  return rows
    .map((row) => ({ parts: row.bucket.split('|'), n: Number(row.n), amount: Number(row.amount) }))
    .filter((bucket) => bucket.n !== 0);
}

/**
 * The buckets of several lists in one statement (`readCounterSets`), by list: a page of figures
 * reading five lists (the dashboard) sent five statements, five round trips to PostgreSQL and five
 * plans' worth of work.
 */
export async function readCountersOf<L extends CounterList>(
  db: Kysely<Database>,
  lists: readonly L[],
): Promise<Record<L, CounterBucket[]>> {
  const sets = await readCounterSets(
    db,
    lists.map((list) => ({ list })),
  );
  return Object.fromEntries(lists.map((list, index) => [list, sets[index] ?? []])) as Record<
    L,
    CounterBucket[]
  >;
}

const bucketsFrom = precompiled(2, (db, list: CounterList, from: string) =>
  db
    .selectFrom('list_counters')
    .select(['bucket', 'n', 'amount'])
    .where('list', '=', list)
    .where('bucket', '>=', from),
);

/** The buckets of `list` from `from` on, in bucket order (the days from 'YYYY-MM-DD', say). */
export async function readCountersFrom(
  db: Kysely<Database>,
  list: CounterList,
  from: string,
): Promise<CounterBucket[]> {
  return toBuckets(await bucketsFrom.execute(db, list, from));
}

/** The lists whose bucket ends with the row's month ('|YYYY-MM'). */
export type MonthlyCounterList =
  | 'users'
  | 'client_verifications'
  | 'projects'
  | 'offers'
  | 'disputes'
  | 'pv_month';

/** The lists that hold rows by month for deep pages only (db/deep-pages.ts), month last as well. */
type PageMonthList = 'users_month' | 'projects_month' | 'notifications_month';

/** Length of a bucket's month suffix: '|' and 'YYYY-MM'. */
const MONTH_SUFFIX_LENGTH = 8;

const withoutMonth = sql<string>`substr(bucket, 1, length(bucket) - ${sql.lit(MONTH_SUFFIX_LENGTH)})`;

/** A bucket's month, its last part ('YYYY-MM'). */
const bucketMonth = sql<string>`substr(bucket, length(bucket) - ${sql.lit(MONTH_SUFFIX_LENGTH - 2)})`;

const bucketsWithoutMonth = perList((db, list: MonthlyCounterList) =>
  db
    .selectFrom('list_counters')
    .select((eb) => [
      withoutMonth.as('state'),
      eb.fn.sum<number | string>('n').as('n'),
      eb.fn.sum<number | string>('amount').as('amount'),
    ])
    .where('list', '=', sql.lit(list))
    .groupBy(withoutMonth),
);

/**
 * The buckets of a monthly list with their months summed away by the database: a total that needs
 * no month reads one row per enum value (the disputes' statuses: 5 rows instead of 100) without
 * turning every bucket into an object. The buckets' parts are those of `readCounters` without the
 * last one. (Users and projects have rollups kept by their triggers: `users_state`, `projects_state`.)
 */
export async function readCountersWithoutMonth(
  db: Kysely<Database>,
  list: MonthlyCounterList,
): Promise<CounterBucket[]> {
  const rows = await bucketsWithoutMonth(list).execute(db);
  return rows
    .map((row) => ({ parts: row.state.split('|'), n: Number(row.n), amount: Number(row.amount) }))
    .filter((bucket) => bucket.n !== 0);
}

/** What `readCounterSets` reads of one list. */
export type CounterRead =
  /** Every bucket (as `readCounters`). */
  | { list: CounterList }
  /** The buckets with their months summed away (as `readCountersWithoutMonth`). */
  | { list: MonthlyCounterList; withoutMonth: true }
  /** The buckets from `from` on (as `readCountersFrom`), before `to` if given. */
  | { list: CounterList; from: string; to?: string }
  /**
   * The buckets of the months from `monthsFrom` ('YYYY-MM') on, and those of the earlier months
   * summed by the database into one bucket per other parts, its month part '' (a figure of recent
   * months beside totals: the dashboard's projects by status, 180 buckets, read as 18).
   */
  | { list: MonthlyCounterList | PageMonthList; monthsFrom: string };

/** A counters read that binds no value (read beside a page's ids, db/paginate.ts). */
export type UnboundCounterRead = Exclude<CounterRead, { from: string } | { monthsFrom: string }>;

/** A row of `counterArms`: the index of its read (`arm`) and a bucket of it. */
export interface CounterArmRow {
  arm: number | string;
  bucket: string;
  n: number | string;
  amount: number | string;
}

/** The values a read binds: its `from` and `to`, if it has them. */
function boundsOf(read: CounterRead): string[] {
  if ('monthsFrom' in read) return [read.monthsFrom];
  if (!('from' in read)) return [];
  return read.to === undefined ? [read.from] : [read.from, read.to];
}

/**
 * The reads as one query (a UNION ALL, one arm per read, `arm` its index); `froms` the values of
 * the reads that bind some (`boundsOf`), in order.
 */
export function counterArms(
  db: Kysely<Database>,
  reads: readonly CounterRead[],
  froms: readonly string[] = [],
) {
  let nextFrom = 0;
  const arms = reads.map((read, index) => {
    const rows = db.selectFrom('list_counters').where('list', '=', sql.lit(read.list));
    const arm = sql.lit(index).as('arm');
    if ('withoutMonth' in read) {
      return rows
        .select((eb) => [
          arm,
          withoutMonth.as('bucket'),
          eb.fn.sum<number | string>('n').as('n'),
          eb.fn.sum<number | string>('amount').as('amount'),
        ])
        .groupBy(withoutMonth);
    }
    if ('monthsFrom' in read) {
      const monthsFrom = froms[nextFrom++] ?? '';
      // The month's bucket as it is, or an earlier month's without its month ('state|').
      const recentOrEarlier = sql<string>`case when ${bucketMonth} >= ${monthsFrom} then bucket
        else ${withoutMonth} || '|' end`;
      return (
        rows
          .select((eb) => [
            arm,
            recentOrEarlier.as('bucket'),
            eb.fn.sum<number | string>('n').as('n'),
            eb.fn.sum<number | string>('amount').as('amount'),
          ])
          // By its place: PostgreSQL would not take the expression again, its value bound twice.
          .groupBy(sql`2`)
      );
    }
    const from = 'from' in read ? froms[nextFrom++] : undefined;
    const to = 'from' in read && read.to !== undefined ? froms[nextFrom++] : undefined;
    return rows
      .select([arm, 'bucket', 'n', 'amount'])
      .$if(from !== undefined, (query) => query.where('bucket', '>=', from ?? ''))
      .$if(to !== undefined, (query) => query.where('bucket', '<', to ?? ''));
  });
  const [first, ...others] = arms;
  if (!first) throw new Error('readCounterSets : aucune liste demandée.');
  return others.reduce((union, arm) => union.unionAll(arm), first);
}

/** The buckets of each read from the rows of `counterArms`, in the order of the reads. */
export function bucketSetsOf(readCount: number, rows: readonly CounterArmRow[]): CounterBucket[][] {
  const byArm = Array.from({ length: readCount }, () => [] as CounterArmRow[]);
  for (const row of rows) byArm[Number(row.arm)]?.push(row);
  return byArm.map((armRows) => toBuckets(armRows));
}

/** One precompiled statement per shape of reads (their lists and kinds; the `from` values bound). */
const counterSetStatements = new Map<string, PrecompiledQuery<string[], CounterArmRow>>();

/** The shape of some reads: their lists and kinds (a key of statements reading them). */
export function counterReadsKey(reads: readonly CounterRead[]): string {
  return JSON.stringify(
    reads.map((read) => [
      read.list,
      'from' in read ? boundsOf(read).length : 'monthsFrom' in read ? 'monthsFrom' : 'withoutMonth' in read,
    ]),
  );
}

function counterSetStatement(reads: readonly CounterRead[]) {
  const key = counterReadsKey(reads);
  let statement = counterSetStatements.get(key);
  if (!statement) {
    const boundCount = reads.reduce((count, read) => count + boundsOf(read).length, 0);
    statement = precompiled(boundCount, (db, ...froms: string[]) => counterArms(db, reads, froms));
    counterSetStatements.set(key, statement);
  }
  return statement;
}

/**
 * Several reads of the kept counters in one statement (a UNION ALL, one arm per read): a page of
 * figures reading five of them (the verification dashboard) sent five statements, each a round trip
 * to PostgreSQL (on this machine's loopback, each statement's write alone cost the API some 80 µs).
 * The buckets come back in the order of `reads`.
 */
export async function readCounterSets<const R extends readonly CounterRead[]>(
  db: Kysely<Database>,
  reads: R,
): Promise<{ [K in keyof R]: CounterBucket[] }> {
  const rows = await counterSetStatement(reads).execute(db, ...reads.flatMap(boundsOf));
  return bucketSetsOf(reads.length, rows) as { [K in keyof R]: CounterBucket[] };
}

/**
 * The rows of `list` whose bucket matches any of the LIKE `patterns` (each part a value or '%', e.g.
 * 'open|%|%'; all of them without a pattern). The caller makes sure a pattern can only match its
 * parts in place (enum values, ids and months never contain '|').
 */
function matchingBuckets(db: Kysely<Database>, list: CounterList, patterns: readonly string[]) {
  const rows = db.selectFrom('list_counters').where('list', '=', list);
  if (patterns.length === 0) return rows;
  return rows.where((eb) =>
    eb.or(patterns.map((pattern) => sql<SqlBool>`${eb.ref('bucket')} like ${pattern} escape '\\'`)),
  );
}

/**
 * A statement over one list's buckets matching some LIKE patterns, precompiled (db/precompiled.ts)
 * once for each number of patterns: its values are the list, then `leading` others, then the
 * patterns. A deep page runs two of them before its page; Kysely built and compiled them each time.
 */
function perPatternCount<Row>(
  leading: number,
  build: (db: Kysely<Database>, list: CounterList, values: readonly string[]) => Compilable<Row>,
): (patternCount: number) => PrecompiledQuery<string[], Row> {
  const queries = new Map<number, PrecompiledQuery<string[], Row>>();
  return (patternCount) => {
    let query = queries.get(patternCount);
    if (!query) {
      query = precompiled(1 + leading + patternCount, (db, list, ...values) =>
        build(db, list as CounterList, values),
      );
      queries.set(patternCount, query);
    }
    return query;
  };
}

const monthsOfBuckets = perPatternCount(0, (db, list, patterns) =>
  matchingBuckets(db, list, patterns)
    .select((eb) => [bucketMonth.as('month'), eb.fn.sum<number | string>('n').as('n')])
    .groupBy(bucketMonth)
    .orderBy(bucketMonth, 'desc'),
);

/**
 * The rows of a monthly list's buckets matching `patterns` (`matchingBuckets`) month by month,
 * newest month first, summed by the database; months without rows left out. Named on PostgreSQL
 * (db/prepared-statements): its plan, the counters' key, does not depend on the values (a month's
 * days at a million users: 0.71 → 0.57 ms a statement, most of the rest the round trip).
 */
export async function rowsByMonth(
  db: Kysely<Database>,
  list: MonthlyCounterList | PageMonthList,
  patterns: readonly string[],
): Promise<Array<[month: string, rows: number]>> {
  const rows = await monthsOfBuckets(patterns.length).execute(db, list, ...patterns);
  return rows.flatMap((row) => (Number(row.n) > 0 ? [[row.month, Number(row.n)]] : []));
}

/** A day bucket's day, its first part ('YYYY-MM-DD'). */
const bucketDay = sql<string>`substr(bucket, 1, 10)`;

const daysOfBuckets = perPatternCount(2, (db, list, [from = '', to = '', ...patterns]) =>
  matchingBuckets(db, list, patterns)
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .select((eb) => [bucketDay.as('day'), eb.fn.sum<number | string>('n').as('n')])
    .groupBy(bucketDay)
    .orderBy(bucketDay, 'desc'),
);

/**
 * The rows of a day rollup's buckets ('YYYY-MM-DD|…') of `month` ('YYYY-MM') matching `patterns`,
 * day by day, newest day first; days without rows left out. The month's days are a range of the
 * counters' key (list, bucket): a month is read, not the whole rollup. Named on PostgreSQL, as
 * `rowsByMonth`.
 */
export async function rowsByDay(
  db: Kysely<Database>,
  list: 'users_day' | 'projects_day' | 'pv_day' | 'cv_day' | 'notifications_day' | 'notifications_read_day',
  month: string,
  patterns: readonly string[],
): Promise<Array<[day: string, rows: number]>> {
  const rows = await daysOfBuckets(patterns.length).execute(
    db,
    list,
    `${month}-01`,
    endOfPeriod(month).slice(0, 10),
    ...patterns,
  );
  return rows.flatMap((row) => (Number(row.n) > 0 ? [[row.day, Number(row.n)]] : []));
}

/** A LIKE pattern of bucket parts: each part's value (escaped), or any value when null. */
export function bucketPattern(parts: ReadonlyArray<string | null>): string {
  return parts.map((part) => (part === null ? '%' : escapeLike(part))).join('|');
}

/** Rows of the buckets matching `match`. */
export function sumBuckets(
  buckets: readonly CounterBucket[],
  match: (parts: string[]) => boolean = () => true,
): number {
  let total = 0;
  for (const bucket of buckets) if (match(bucket.parts)) total += bucket.n;
  return total;
}

/** Sum of `amount` over the buckets matching `match`. */
export function sumAmounts(
  buckets: readonly CounterBucket[],
  match: (parts: string[]) => boolean = () => true,
): number {
  let total = 0;
  for (const bucket of buckets) if (match(bucket.parts)) total += bucket.amount;
  return total;
}

/** Rows per value of one part (e.g. per status), every listed value present (0 when none). */
export function countByPart<K extends string>(
  buckets: readonly CounterBucket[],
  index: number,
  values: readonly K[],
  match: (parts: string[]) => boolean = () => true,
): Record<K, number> {
  const counts = Object.fromEntries(values.map((value) => [value, 0])) as Record<K, number>;
  for (const bucket of buckets) {
    const value = bucket.parts[index] as K | undefined;
    if (value !== undefined && value in counts && match(bucket.parts)) counts[value] += bucket.n;
  }
  return counts;
}

/** Counter part of a boolean. */
export function flagPart(value: boolean): string {
  return value ? '1' : '0';
}
