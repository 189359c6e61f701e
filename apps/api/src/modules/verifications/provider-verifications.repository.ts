import type {
  BulkVerificationResult,
  PendingVerificationSummary,
  ProviderVerification,
  ProviderVerificationFilters,
  ProviderVerificationReport,
  ProviderVerificationStatistics,
  StatusDistribution,
  VerificationDashboard,
} from '@kwanza/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { toCount } from '../../db/aggregates.js';
import { type CounterBucket, flagPart, readCounters, sumAmounts, sumBuckets } from '../../db/counters.js';
import type { Dialect } from '../../db/database.js';
import { countUpToCap } from '../../db/paginate.js';
import type { Database } from '../../db/schema.js';
import { searchMatches } from '../../db/search.js';
import { dialectOf, hoursBetween, lockRowsOnPostgres, monthOf, userIsLive } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { displayName } from '../../lib/display-name.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { tryTransition } from '../../lib/transitions.js';
import type { DocumentUrlSigner } from '../../storage/signed-url.js';
import { statusFigures, urgentCount } from './verification-figures.js';
import {
  APPROVE_REFUSED,
  daysAgo,
  type Executor,
  NOT_FOUND_DETAIL,
  notesUpdate,
  notifyVerificationOutcome,
  REJECT_REFUSED,
  SKIPPED_NOT_FOUND,
  SKIPPED_NOT_PENDING,
  urgentCutoff,
  verificationStatusCounts,
} from './verification-rules.js';

/** What every read needs besides the database: the clock, the urgent delay and the URL signer. */
export interface VerificationReadContext {
  now: Date;
  urgentHours: number;
  signer: DocumentUrlSigner;
}

type Filters = Partial<ProviderVerificationFilters>;
type FilterBuilder = ExpressionBuilder<Database, 'provider_verifications'>;

/** The list filters as one SQL condition; verifications of deleted users never match. */
function matchesFilters(
  eb: FilterBuilder,
  filters: Filters,
  now: Date,
  dialect: Dialect,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [userIsLive(sql.ref<number>('provider_verifications.user_id'))];
  if (filters.status === 'not_started') {
    // A verification row is never "not started": that state means no row exists.
    conditions.push(sql<boolean>`1 = 0`);
  } else if (filters.status) {
    conditions.push(eb('provider_verifications.verification_status', '=', filters.status));
  }
  if (filters.is_business !== undefined) {
    conditions.push(eb('provider_verifications.is_business', '=', filters.is_business));
  }
  if (filters.days !== undefined) {
    conditions.push(eb('provider_verifications.submitted_at', '>=', daysAgo(now, filters.days)));
  }
  if (filters.search) {
    conditions.push(
      eb.or([
        searchMatches(dialect, 'users', filters.search, {
          alias: 'provider_verifications',
          idColumn: 'user_id',
        }),
        searchMatches(dialect, 'provider_verifications', filters.search),
      ]),
    );
  }
  return eb.and(conditions);
}

function selectVerifications(db: Executor, filters: Filters, now: Date) {
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
    id_card_front: context.signer.sign(row.id_card_front, nowSeconds),
    id_card_back: context.signer.sign(row.id_card_back, nowSeconds),
    passport_image: context.signer.sign(row.passport_image, nowSeconds),
    selfie_image: context.signer.sign(row.selfie_image, nowSeconds),
    is_urgent: isUrgent(row.verification_status, row.submitted_at, context),
  };
}

/** Whether a counter bucket (status|business|document|month|processed) matches the enum filters. */
function bucketMatches(filters: Filters): (parts: string[]) => boolean {
  const business = filters.is_business === undefined ? null : flagPart(filters.is_business);
  return ([status, isBusiness]) =>
    filters.status !== 'not_started' &&
    (!filters.status || status === filters.status) &&
    (business === null || isBusiness === business);
}

/** Filters the kept counters cannot answer: a search or a submission window. */
function needsRows(filters: Filters): boolean {
  return Boolean(filters.search) || filters.days !== undefined;
}

/**
 * The list's count: kept counters for status and account type, an indexed count for a submission
 * window, and up to SEARCH_COUNT_CAP with a search (`capped` past it).
 */
export async function countProviderVerifications(
  db: Executor,
  filters: Filters,
  now: Date,
): Promise<{ count: number; capped: boolean }> {
  const filtered = () =>
    db
      .selectFrom('provider_verifications')
      .where((eb) => matchesFilters(eb, filters, now, dialectOf<Database>(db)));
  if (filters.search) return countUpToCap(db, filtered().select('provider_verifications.id'));
  if (filters.days !== undefined) {
    const row = await filtered()
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirst();
    return { count: toCount(row?.count), capped: false };
  }
  return {
    count: sumBuckets(await readCounters(db, 'provider_verifications'), bucketMatches(filters)),
    capped: false,
  };
}

/** One page, newest submissions first (or oldest first for the pending queue). */
export async function listProviderVerifications(
  db: Executor,
  filters: Filters,
  page: { limit: number; offset: number; oldestFirst?: boolean },
  context: VerificationReadContext,
): Promise<ProviderVerification[]> {
  const direction = page.oldestFirst ? 'asc' : 'desc';
  const pageIds = db
    .selectFrom('provider_verifications')
    .where((eb) => matchesFilters(eb, filters, context.now, dialectOf<Database>(db)))
    .select('provider_verifications.id')
    .orderBy('provider_verifications.submitted_at', direction)
    .orderBy('provider_verifications.id', direction)
    .limit(page.limit)
    .offset(page.offset);
  const rows = await selectVerifications(db, {}, context.now)
    .where('provider_verifications.id', 'in', pageIds)
    .orderBy('provider_verifications.submitted_at', direction)
    .orderBy('provider_verifications.id', direction)
    .execute();
  return rows.map((row) => toProviderVerification(row, context));
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

async function statusDistribution(
  db: Executor,
  filters: Filters,
  now: Date,
  urgentHours: number,
): Promise<{ distribution: StatusDistribution; urgent: number }> {
  const cutoff = urgentCutoff(now, urgentHours);
  if (!needsRows(filters)) {
    const buckets = await readCounters(db, 'provider_verifications');
    const match = bucketMatches(filters);
    const urgent = await urgentCount(db, 'provider_verifications', buckets, cutoff, {
      match,
      column: 'is_business',
      value: filters.is_business,
    });
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

function reportFilters(filters: Filters): ProviderVerificationReport['filters'] {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.is_business !== undefined ? { is_business: filters.is_business } : {}),
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.days !== undefined ? { days: filters.days } : {}),
  };
}

/** The report of the enum filters from the kept counters (status|business|document|month|processed). */
function reportFromCounters(
  buckets: CounterBucket[],
  filters: Filters,
  figures: { distribution: StatusDistribution; urgent: number; urgentHours: number },
): ProviderVerificationReport {
  const match = bucketMatches(filters);
  const count = (extra: (parts: string[]) => boolean) =>
    sumBuckets(buckets, (parts) => match(parts) && extra(parts));
  const months = [
    ...new Set(buckets.filter((bucket) => match(bucket.parts)).map((bucket) => bucket.parts[3] ?? '')),
  ]
    .filter((month) => month !== '')
    .sort();
  const processed = (parts: string[]) => match(parts) && parts[0] !== 'pending' && parts[4] === '1';
  const processedCount = sumBuckets(buckets, processed);
  const averageHours = processedCount === 0 ? null : sumAmounts(buckets, processed) / processedCount;
  return {
    filters: reportFilters(filters),
    status_distribution: figures.distribution,
    urgent_verifications: figures.urgent,
    by_account_type: {
      business: count(([, business]) => business === '1'),
      individual: count(([, business]) => business === '0'),
    },
    by_document_type: {
      id_card: count(([, , document]) => document === 'id_card'),
      passport: count(([, , document]) => document === 'passport'),
    },
    by_month: months
      .map((month) => ({
        month,
        total: count((parts) => parts[3] === month),
        pending: count((parts) => parts[3] === month && parts[0] === 'pending'),
        verified: count((parts) => parts[3] === month && parts[0] === 'verified'),
        rejected: count((parts) => parts[3] === month && parts[0] === 'rejected'),
      }))
      .filter((row) => row.total > 0),
    average_processing_hours: averageHours === null ? null : Math.round(averageHours * 10) / 10,
    urgent_after_hours: figures.urgentHours,
  };
}

/** The aggregated report: from the kept counters for enum filters, in SQL over the rows otherwise. */
export async function providerVerificationReport(
  db: Executor,
  dialect: Dialect,
  filters: Filters,
  now: Date,
  urgentHours: number,
): Promise<ProviderVerificationReport> {
  const base = () =>
    db
      .selectFrom('provider_verifications')
      .innerJoin('users', 'users.id', 'provider_verifications.user_id')
      .where((eb) => matchesFilters(eb, filters, now, dialectOf<Database>(db)));
  const { distribution, urgent } = await statusDistribution(db, filters, now, urgentHours);
  if (!needsRows(filters)) {
    return reportFromCounters(await readCounters(db, 'provider_verifications'), filters, {
      distribution,
      urgent,
      urgentHours,
    });
  }

  const accountTypes = await base()
    .select(['provider_verifications.is_business', (eb) => eb.fn.countAll().as('count')])
    .groupBy('provider_verifications.is_business')
    .execute();
  const documentTypes = await base()
    .select(['provider_verifications.document_type', (eb) => eb.fn.countAll().as('count')])
    .groupBy('provider_verifications.document_type')
    .execute();
  const month = monthOf(dialect, sql.ref<string>('provider_verifications.submitted_at'));
  const months = await base()
    .select((eb) => [
      month.as('month'),
      eb.fn.countAll().as('total'),
      eb.fn
        .count(eb.case().when('provider_verifications.verification_status', '=', 'pending').then(1).end())
        .as('pending'),
      eb.fn
        .count(eb.case().when('provider_verifications.verification_status', '=', 'verified').then(1).end())
        .as('verified'),
      eb.fn
        .count(eb.case().when('provider_verifications.verification_status', '=', 'rejected').then(1).end())
        .as('rejected'),
    ])
    .groupBy(month)
    .orderBy(month)
    .execute();
  const processing = await base()
    .where('provider_verifications.verification_status', '!=', 'pending')
    .where('provider_verifications.verified_at', 'is not', null)
    .select((eb) =>
      eb.fn
        .avg(
          hoursBetween(
            dialect,
            sql.ref<string>('provider_verifications.submitted_at'),
            sql.ref<string | null>('provider_verifications.verified_at'),
          ),
        )
        .as('hours'),
    )
    .executeTakeFirst();

  const countOf = <T>(
    rows: readonly (T & { count: string | number | bigint })[],
    match: (row: T) => boolean,
  ) => Number(rows.find((row) => match(row))?.count ?? 0);
  const averageHours =
    processing?.hours === null || processing?.hours === undefined ? null : Number(processing.hours);

  return {
    filters: reportFilters(filters),
    status_distribution: distribution,
    urgent_verifications: urgent,
    by_account_type: {
      business: countOf(accountTypes, (row) => Boolean(row.is_business)),
      individual: countOf(accountTypes, (row) => !row.is_business),
    },
    by_document_type: {
      id_card: countOf(documentTypes, (row) => row.document_type === 'id_card'),
      passport: countOf(documentTypes, (row) => row.document_type === 'passport'),
    },
    by_month: months.map((row) => ({
      month: String(row.month),
      total: Number(row.total),
      pending: Number(row.pending),
      verified: Number(row.verified),
      rejected: Number(row.rejected),
    })),
    average_processing_hours:
      averageHours === null || Number.isNaN(averageHours) ? null : Math.round(averageHours * 10) / 10,
    urgent_after_hours: urgentHours,
  };
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function startOfUtcWeek(now: Date): Date {
  const day = startOfUtcDay(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 3600 * 1000);
}

/** The verification summary of `GET /api/dashboard/`. */
export async function verificationDashboard(
  db: Executor,
  context: VerificationReadContext,
): Promise<VerificationDashboard> {
  const { now, urgentHours } = context;
  const cutoff = urgentCutoff(now, urgentHours);
  const providerStats = await statusDistribution(db, {}, now, urgentHours);
  const processedSince = async (since: Date) => {
    const row = await db
      .selectFrom('provider_verifications')
      .where((eb) => userIsLive(eb.ref('provider_verifications.user_id')))
      .where('provider_verifications.verification_status', '!=', 'pending')
      .where('provider_verifications.verified_at', '>=', since.toISOString())
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  };
  const clientBuckets = await readCounters(db, 'client_verifications');
  const clientRow = {
    pending: statusFigures(clientBuckets, () => true).pending,
    urgent: await urgentCount(db, 'client_verifications', clientBuckets, cutoff, { match: () => true }),
  };
  const latestIds = db
    .selectFrom('provider_verifications')
    .where((eb) => matchesFilters(eb, { status: 'pending' }, now, dialectOf<Database>(db)))
    .select('provider_verifications.id')
    .orderBy('provider_verifications.submitted_at', 'desc')
    .orderBy('provider_verifications.id', 'desc')
    .limit(5);
  const latest = await selectVerifications(db, {}, now)
    .where('provider_verifications.id', 'in', latestIds)
    .orderBy('provider_verifications.submitted_at', 'desc')
    .orderBy('provider_verifications.id', 'desc')
    .execute();
  const latestPending: PendingVerificationSummary[] = latest.map((row) => ({
    id: row.id,
    provider_name: displayName(row),
    provider_email: row.email,
    is_business: row.is_business,
    submitted_at: row.submitted_at,
    is_urgent: isUrgent(row.verification_status, row.submitted_at, context),
  }));
  return {
    providers: {
      pending: providerStats.distribution.pending,
      urgent: providerStats.urgent,
      processed_today: await processedSince(startOfUtcDay(now)),
      processed_this_week: await processedSince(startOfUtcWeek(now)),
    },
    clients: { pending: Number(clientRow?.pending ?? 0), urgent: Number(clientRow?.urgent ?? 0) },
    latest_pending: latestPending,
    urgent_after_hours: urgentHours,
  };
}

interface Decision {
  adminId: number;
  adminNotes: string | null | undefined;
  now: string;
}

type DecisionKind = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * Applies an approval or a rejection to one pending verification inside the caller's transaction:
 * the row (only if still pending), the provider's profile and account flags, and the user's
 * notification. False when the verification was no longer pending.
 */
async function applyDecision(
  trx: Executor,
  verification: { id: number; user_id: number },
  decision: Decision & DecisionKind,
): Promise<boolean> {
  const approved = decision.kind === 'approve';
  const reason = decision.kind === 'reject' ? decision.reason : null;
  const notes = notesUpdate(decision.adminNotes);
  const applied = await tryTransition(trx, {
    table: 'provider_verifications',
    id: verification.id,
    from: ['pending'],
    set: {
      verification_status: approved ? 'verified' : 'rejected',
      verified_at: decision.now,
      verified_by: decision.adminId,
      rejection_reason: reason,
      updated_at: decision.now,
      ...(notes !== undefined ? { admin_notes: notes } : {}),
    },
  });
  if (!applied) return false;
  await trx
    .updateTable('provider_profiles')
    .set({ is_verified: approved })
    .where('user_id', '=', verification.user_id)
    .execute();
  await trx
    .updateTable('users')
    .set({ is_verified: approved })
    .where('id', '=', verification.user_id)
    .execute();
  await notifyVerificationOutcome(trx, {
    userId: verification.user_id,
    adminId: decision.adminId,
    outcome: approved ? 'approved' : 'rejected',
    ...(reason !== null ? { reason } : {}),
    providerVerificationId: verification.id,
    now: decision.now,
  });
  return true;
}

/** The verifications to decide on, locked in id order (with their users' rows) until the transaction ends. */
async function findForDecision(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const query = db
    .selectFrom('provider_verifications')
    .innerJoin('users', 'users.id', 'provider_verifications.user_id')
    .where('users.deleted_at', 'is', null)
    .where('provider_verifications.id', 'in', ids)
    .select([
      'provider_verifications.id',
      'provider_verifications.user_id',
      'provider_verifications.verification_status',
    ])
    .orderBy('provider_verifications.id');
  return lockRowsOnPostgres(query, dialectOf<Database>(db)).execute();
}

async function decideOne(db: Kysely<Database>, id: number, decision: Decision & DecisionKind): Promise<void> {
  await runInTransaction(db, async (trx) => {
    const [verification] = await findForDecision(trx, [id]);
    if (!verification) throw notFound(NOT_FOUND_DETAIL);
    const refused = decision.kind === 'approve' ? APPROVE_REFUSED : REJECT_REFUSED;
    if (verification.verification_status !== 'pending') throw conflict(refused, 'invalid_transition');
    const applied = await applyDecision(trx, verification, decision);
    if (!applied) throw conflict(refused, 'invalid_transition');
  });
}

export function approveProviderVerification(
  db: Kysely<Database>,
  id: number,
  decision: Decision,
): Promise<void> {
  return decideOne(db, id, { ...decision, kind: 'approve' });
}

export function rejectProviderVerification(
  db: Kysely<Database>,
  id: number,
  decision: Decision & { reason: string },
): Promise<void> {
  return decideOne(db, id, { ...decision, kind: 'reject' });
}

/**
 * A bulk decision in one transaction: every eligible id is updated, the others are reported as
 * skipped (in the order given). Rows are locked and changed in ascending id order, so two bulk
 * actions over overlapping ids wait for each other instead of deadlocking; a deadlock or
 * serialization failure that still happens reruns the whole transaction (runInTransaction).
 */
async function decideMany(
  db: Kysely<Database>,
  ids: readonly number[],
  decision: Decision & DecisionKind,
): Promise<BulkVerificationResult> {
  const ascending = [...new Set(ids)].sort((a, b) => a - b);
  return runInTransaction(db, async (trx) => {
    const found = new Map((await findForDecision(trx, ascending)).map((row) => [row.id, row]));
    const applied = new Set<number>();
    for (const id of ascending) {
      const verification = found.get(id);
      if (
        verification?.verification_status === 'pending' &&
        (await applyDecision(trx, verification, decision))
      ) {
        applied.add(id);
      }
    }
    const result: BulkVerificationResult = { updated: [], skipped: [] };
    for (const id of ids) {
      if (!found.has(id)) result.skipped.push({ id, reason: SKIPPED_NOT_FOUND });
      else if (applied.delete(id)) result.updated.push(id);
      else result.skipped.push({ id, reason: SKIPPED_NOT_PENDING });
    }
    return result;
  });
}

export function bulkApproveProviderVerifications(
  db: Kysely<Database>,
  ids: readonly number[],
  decision: Decision,
): Promise<BulkVerificationResult> {
  return decideMany(db, ids, { ...decision, kind: 'approve' });
}

export function bulkRejectProviderVerifications(
  db: Kysely<Database>,
  ids: readonly number[],
  decision: Decision & { reason: string },
): Promise<BulkVerificationResult> {
  return decideMany(db, ids, { ...decision, kind: 'reject' });
}
