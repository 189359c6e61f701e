import type {
  ProviderVerification,
  ProviderVerificationFilters,
  ProviderVerificationStatistics,
  StatusDistribution,
} from '@kwanza/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { toCount } from '../../db/aggregates.js';
import {
  bucketPattern,
  type CounterBucket,
  type CounterRead,
  flagPart,
  readCounterSets,
  readCountersWithoutMonth,
  rowsByDay,
  rowsByMonth,
  sumBuckets,
} from '../../db/counters.js';
import type { Dialect } from '../../db/database.js';
import { deepPageStart, type PeriodSources } from '../../db/deep-pages.js';
import { fetchListPage, pageReaders, searchPage } from '../../db/paginate.js';
import type { Database } from '../../db/schema.js';
import {
  checkedUnlessByIds,
  countUpToBroad,
  filteredColumn,
  rowPlans,
  type SearchPlans,
  searchAnySide,
} from '../../db/search.js';
import { dialectOf } from '../../db/sql.js';
import { displayName } from '../../lib/display-name.js';
import { notFound } from '../../lib/http-errors.js';
import type { DocumentUrlSigner } from '../../storage/signed-url.js';
import {
  type PendingCounts,
  pendingCounts,
  pendingReads,
  statusFigures,
  urgentCount,
} from './verification-figures.js';
import {
  daysAgo,
  type Executor,
  NOT_FOUND_DETAIL,
  urgentCutoff,
  verificationStatusCounts,
} from './verification-rules.js';
import {
  countedVerifications,
  planVerificationSearch,
  verificationSearchSides,
} from './verification-search.js';

/*
 * Reads of provider verifications: the list and its count (kept counters, indexed counts, searches
 * counted up to the cap), one verification, the status statistics. Decisions live in
 * provider-verifications.decisions.ts, the report in provider-verifications.reports.ts.
 */

/**
 * What every read needs besides the database: the clock, the urgent delay and the URL signer (null:
 * no document link is issued, as in the lists; only a verification's detail issues them, and the
 * audit journal records it).
 */
export interface VerificationReadContext {
  now: Date;
  urgentHours: number;
  signer: DocumentUrlSigner | null;
}

export type Filters = Partial<ProviderVerificationFilters>;
type FilterBuilder = ExpressionBuilder<Database, 'provider_verifications'>;

/**
 * A verification is found by its own text alone, which holds its provider's name, e-mail and phone
 * beside its business name (lib/search-text).
 */
export const VERIFICATION_SEARCH = verificationSearchSides('provider_verifications');

/**
 * The list filters as one SQL condition; verifications of deleted users never match. `plans`: how
 * the search was planned (`planSearches` on VERIFICATION_SEARCH); through the indexes by default.
 * `since`: the submission window's start, when given (a statement's marker).
 */
export function matchesFilters(
  eb: FilterBuilder,
  filters: Filters,
  now: Date,
  dialect: Dialect,
  plans?: SearchPlans,
  since?: string,
): Expression<SqlBool> {
  // The order indexes hold the live users' rows only (`user_deleted_at is null`, migration 0030).
  const conditions: Expression<SqlBool>[] = [
    eb(filteredColumn(dialect, 'provider_verifications.user_deleted_at', plans), 'is', null),
  ];
  if (filters.status === 'not_started') {
    // A verification row is never "not started": that state means no row exists.
    conditions.push(sql<boolean>`1 = 0`);
  } else if (filters.status) {
    conditions.push(
      eb(filteredColumn(dialect, 'provider_verifications.verification_status', plans), '=', filters.status),
    );
  }
  if (filters.is_business !== undefined) {
    conditions.push(
      eb(filteredColumn(dialect, 'provider_verifications.is_business', plans), '=', filters.is_business),
    );
  }
  if (filters.days !== undefined) {
    const submitted = filteredColumn(dialect, 'provider_verifications.submitted_at', plans);
    conditions.push(eb(submitted, '>=', since ?? daysAgo(now, filters.days)));
  }
  if (filters.search) {
    conditions.push(searchAnySide(dialect, filters.search, VERIFICATION_SEARCH, plans));
  }
  return eb.and(conditions);
}

export function selectVerifications(db: Executor, filters: Filters, now: Date) {
  return db
    .selectFrom('provider_verifications')
    .innerJoin('users', 'users.id', 'provider_verifications.user_id')
    .where((eb) => matchesFilters(eb, filters, now, dialectOf<Database>(db)))
    .leftJoin('users as verifier', 'verifier.id', 'provider_verifications.verified_by')
    .select([
      'provider_verifications.id',
      'provider_verifications.user_id',
      'provider_verifications.is_business',
      'provider_verifications.business_name',
      'provider_verifications.business_nif',
      'provider_verifications.business_registration_number',
      'provider_verifications.business_description',
      'provider_verifications.verification_status',
      'provider_verifications.submitted_at',
      'provider_verifications.verified_at',
      'provider_verifications.verified_by',
      'provider_verifications.rejection_reason',
      'provider_verifications.admin_notes',
      'provider_verifications.document_type',
      'provider_verifications.id_card_front',
      'provider_verifications.id_card_back',
      'provider_verifications.passport_image',
      'provider_verifications.selfie_image',
      'users.username',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.phone_number',
      'verifier.username as verifier_username',
    ]);
}

export type ProviderVerificationRow = Awaited<
  ReturnType<ReturnType<typeof selectVerifications>['execute']>
>[number];

export function isUrgent(
  status: string,
  submittedAt: string,
  context: Pick<VerificationReadContext, 'now' | 'urgentHours'>,
) {
  return (
    status === 'pending' &&
    new Date(submittedAt).getTime() < new Date(urgentCutoff(context.now, context.urgentHours)).getTime()
  );
}

export function toProviderVerification(
  row: ProviderVerificationRow,
  context: VerificationReadContext,
): ProviderVerification {
  const nowSeconds = Math.floor(context.now.getTime() / 1000);
  return {
    id: row.id,
    user_id: row.user_id,
    provider_name: displayName(row),
    provider_email: row.email,
    provider_info: { username: row.username, email: row.email, phone_number: row.phone_number },
    is_business: row.is_business,
    business_name: row.business_name,
    business_nif: row.business_nif,
    business_registration_number: row.business_registration_number,
    business_description: row.business_description,
    verification_status: row.verification_status,
    submitted_at: row.submitted_at,
    verified_at: row.verified_at,
    verified_by:
      row.verified_by !== null && row.verifier_username !== null
        ? { id: row.verified_by, username: row.verifier_username }
        : null,
    rejection_reason: row.rejection_reason,
    admin_notes: row.admin_notes,
    document_type: row.document_type,
    id_card_front: context.signer?.sign(row.id_card_front, nowSeconds) ?? null,
    id_card_back: context.signer?.sign(row.id_card_back, nowSeconds) ?? null,
    passport_image: context.signer?.sign(row.passport_image, nowSeconds) ?? null,
    selfie_image: context.signer?.sign(row.selfie_image, nowSeconds) ?? null,
    is_urgent: isUrgent(row.verification_status, row.submitted_at, context),
  };
}

/** Whether a counter bucket (status|business|document|month|processed) matches the enum filters. */
export function bucketMatches(filters: Filters): (parts: string[]) => boolean {
  const business = filters.is_business === undefined ? null : flagPart(filters.is_business);
  return ([status, isBusiness]) =>
    filters.status !== 'not_started' &&
    (!filters.status || status === filters.status) &&
    (business === null || isBusiness === business);
}

/** Filters the kept counters cannot answer: a search or a submission window. */
export function needsRows(filters: Filters): boolean {
  return Boolean(filters.search) || filters.days !== undefined;
}

/**
 * The totals by status and account type (the list's count, the status figures): `pv_month` summed
 * over its months by the database (a few rows, where the list's own buckets are some 235 at a
 * million users).
 */
const LIST_TOTALS = { list: 'pv_month', withoutMonth: true } as const;

function listTotals(db: Kysely<Database>) {
  return readCountersWithoutMonth(db, LIST_TOTALS.list);
}

/** The kept counters of `statusDistribution`, each read when first asked for. */
export interface StatusCounters {
  /** `pv_month` without its months. */
  totals: () => Promise<CounterBucket[]>;
  /** The pending days and hours of the urgent count (`pendingReads`). */
  pending: () => Promise<PendingCounts>;
}

/**
 * All of `statusDistribution`'s counters, for the urgent `cutoff`, in one statement (`extra`: more
 * reads in the same one), read at the first ask: a status figure without rows reads them all.
 */
export function statusCounters<const E extends readonly CounterRead[]>(
  db: Kysely<Database>,
  cutoff: string,
  extra?: E,
): StatusCounters & { extra: () => Promise<{ [K in keyof E]: CounterBucket[] }> } {
  const reads: readonly CounterRead[] = [
    { list: 'pv_month', withoutMonth: true },
    ...pendingReads('provider_verifications', cutoff),
    ...(extra ?? []),
  ];
  let sets: Promise<readonly CounterBucket[][]> | undefined;
  const read = () => {
    sets ??= readCounterSets(db, reads);
    return sets;
  };
  return {
    totals: () => read().then((all) => all[0] ?? []),
    pending: () => read().then((all) => pendingCounts(cutoff, all.slice(1, 3))),
    extra: () => read().then((all) => all.slice(3) as { [K in keyof E]: CounterBucket[] }),
  };
}

/**
 * The filtered verifications of live users month by month (month submitted) and day by day, newest
 * first, from the kept counters `pv_month` (status, account type, month) and `pv_day` (day, status,
 * account type). A submission window needs none newest first: its rows are the newest ones.
 */
function verificationsByPeriod(db: Kysely<Database>, filters: Filters): PeriodSources {
  if (filters.status === 'not_started') return { months: async () => [] };
  const status = filters.status ?? null;
  const business = filters.is_business === undefined ? null : flagPart(filters.is_business);
  const filtered = status !== null || business !== null;
  return {
    months: () => rowsByMonth(db, 'pv_month', filtered ? [bucketPattern([status, business, null])] : []),
    days: (month) =>
      rowsByDay(db, 'pv_day', month, filtered ? [bucketPattern([null, status, business])] : []),
  };
}

/**
 * One page, newest submissions first (or oldest first for the pending queue), and its count: kept
 * counters for status and account type, an indexed count for a submission window, and up to
 * SEARCH_COUNT_CAP with a search (`capped` past it; a search matching fewer reads its page by id; a
 * common term under broad filters counted in its text index's order).
 */
export async function pageOfProviderVerifications(
  db: Kysely<Database>,
  filters: Filters,
  page: { limit: number; offset: number; oldestFirst?: boolean },
  context: VerificationReadContext,
): Promise<{ count: number; capped: boolean; results: ProviderVerification[] }> {
  const now = context.now;
  const direction = page.oldestFirst ? 'asc' : 'desc';
  const { plans, capped, rowsPlans, textOrder, windowPlans } = await planVerificationSearch(
    db,
    'provider_verifications',
    filters.search,
    {
      unfiltered: !filters.status && filters.is_business === undefined && filters.days === undefined,
      pageEnd: page.offset + page.limit,
      window: filters.days !== undefined,
      /* A submission window has no kept count: its rows are counted up to the broad share. Walking
         the window's index for a term's matches read every verification of the window when they were
         fewer than the cap (`?search=q&days=7` at a million users: 82,000 of 277,000, 131 ms of SQL). */
      keptShare: async () => {
        const buckets = await listTotals(db);
        const total = sumBuckets(buckets);
        if (filters.days === undefined) return { kept: sumBuckets(buckets, bucketMatches(filters)), total };
        const window = db
          .selectFrom('provider_verifications')
          .where((eb) => matchesFilters(eb, { ...filters, search: undefined }, now, dialectOf<Database>(db)))
          .select('provider_verifications.id');
        return { kept: await countUpToBroad(db, window, total), total };
      },
    },
  );
  const filtered = (planned: SearchPlans = plans, since?: string) =>
    db
      .selectFrom('provider_verifications')
      .where((eb) => matchesFilters(eb, filters, now, dialectOf<Database>(db), planned, since));
  /* A deep page without a search starts at its day (db/deep-pages.ts); oldest first, not under a
     submission window, whose rows are the newest ones. */
  const start =
    filters.search || (page.oldestFirst && filters.days !== undefined)
      ? { offset: page.offset }
      : await deepPageStart(
          page.offset,
          verificationsByPeriod(db, filters),
          page.oldestFirst ? 'oldest' : 'newest',
        );
  const readers = pageReaders(
    db,
    {
      limit: page.limit,
      offset: start.offset,
      ...searchPage(
        'provider_verifications',
        { term: filters.search, plans: rowsPlans },
        filters.status,
        filters.is_business,
        filters.days,
        direction,
        start.before,
        start.from,
      ),
      // A submission window's start moves with the clock: a value of the kept statement.
      since: filters.days === undefined ? undefined : daysAgo(now, filters.days),
    },
    (ids) =>
      selectVerifications(db, {}, now)
        .where('provider_verifications.id', 'in', ids)
        .orderBy('provider_verifications.submitted_at', direction)
        .orderBy('provider_verifications.id', direction),
    (among?: readonly number[], since?: string) =>
      (among
        ? db.selectFrom('provider_verifications').where('provider_verifications.id', 'in', among)
        : filtered(rowsPlans, since)
            .$if(start.before !== undefined, (rows) =>
              rows.where('provider_verifications.submitted_at', '<', start.before ?? ''),
            )
            .$if(start.from !== undefined, (rows) =>
              rows.where('provider_verifications.submitted_at', '>=', start.from ?? ''),
            )
      )
        .select('provider_verifications.id')
        .orderBy('provider_verifications.submitted_at', direction)
        .orderBy('provider_verifications.id', direction),
  );
  const listed = await fetchListPage(db, {
    searching: Boolean(filters.search),
    capped,
    // A submission window is counted by its rows; any other filter, from the kept totals.
    ...(filters.days !== undefined
      ? {
          exactCount: async () => {
            const row = await filtered()
              .select((eb) => eb.fn.countAll<number | string>().as('count'))
              .executeTakeFirst();
            return toCount(row?.count);
          },
        }
      : {
          counted: {
            reads: [LIST_TOTALS],
            count: ([buckets]) => sumBuckets(buckets ?? [], bucketMatches(filters)),
          },
        }),
    matches: () =>
      countedVerifications(
        'provider_verifications',
        filters.search,
        { plans, textOrder, windowPlans },
        (planned) => filtered(planned).select('provider_verifications.id'),
      ),
    checked: checkedUnlessByIds(plans, () =>
      filtered(rowPlans(VERIFICATION_SEARCH)).select('provider_verifications.id'),
    ),
    matchOrder: {
      column: 'provider_verifications.submitted_at',
      direction,
      pageEnd: page.offset + page.limit,
    },
    ...readers,
  });
  // Lists never issue document links.
  const listContext = { ...context, signer: null };
  return {
    count: listed.count,
    capped: listed.capped,
    results: listed.rows.map((row) => toProviderVerification(row, listContext)),
  };
}

/** Rows after `afterId` in id order: the export reads the table in chunks with this (keyset). */
export function listProviderVerificationChunk(
  db: Executor,
  filters: Filters,
  afterId: number,
  size: number,
  now: Date,
): Promise<ProviderVerificationRow[]> {
  return selectVerifications(db, filters, now)
    .where('provider_verifications.id', '>', afterId)
    .orderBy('provider_verifications.id', 'asc')
    .limit(size)
    .execute();
}

export async function findProviderVerification(
  db: Executor,
  id: number,
  context: VerificationReadContext,
): Promise<ProviderVerification> {
  const row = await selectVerifications(db, {}, context.now)
    .where('provider_verifications.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND_DETAIL);
  return toProviderVerification(row, context);
}

export async function statusDistribution(
  db: Executor,
  filters: Filters,
  now: Date,
  urgentHours: number,
  /**
   * The kept counters it reads (`pv_month` without months, the pending days and hours), when read
   * with others; by default all in one statement.
   */
  counters: StatusCounters = statusCounters(db, urgentCutoff(now, urgentHours)),
): Promise<{ distribution: StatusDistribution; urgent: number }> {
  const cutoff = urgentCutoff(now, urgentHours);
  if (!needsRows(filters)) {
    const [buckets, urgent] = await Promise.all([
      counters.totals(),
      urgentCount(
        db,
        'provider_verifications',
        cutoff,
        { status: filters.status, isBusiness: filters.is_business },
        counters.pending,
      ),
    ]);
    const match = bucketMatches(filters);
    return { distribution: statusFigures(buckets, match), urgent };
  }
  const row = await db
    .selectFrom('provider_verifications')
    .innerJoin('users', 'users.id', 'provider_verifications.user_id')
    .where((eb) => matchesFilters(eb, filters, now, dialectOf<Database>(db)))
    .select(verificationStatusCounts('provider_verifications', cutoff))
    .executeTakeFirst();
  return {
    distribution: {
      total: Number(row?.total ?? 0),
      pending: Number(row?.pending ?? 0),
      verified: Number(row?.verified ?? 0),
      rejected: Number(row?.rejected ?? 0),
    },
    urgent: Number(row?.urgent ?? 0),
  };
}

export async function providerVerificationStatistics(
  db: Executor,
  now: Date,
  urgentHours: number,
): Promise<ProviderVerificationStatistics> {
  const { distribution, urgent } = await statusDistribution(db, {}, now, urgentHours);
  return { status_distribution: distribution, urgent_verifications: urgent, urgent_after_hours: urgentHours };
}
