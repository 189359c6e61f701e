import type {
  ClientVerification,
  ClientVerificationListQuery,
  ClientVerificationStats,
} from '@kwanza/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import {
  bucketPattern,
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
  filteredColumn,
  rowPlans,
  type SearchPlans,
  searchAnySide,
} from '../../db/search.js';
import { dialectOf } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { trackChanges } from '../../lib/audit-objects.js';
import { displayName } from '../../lib/display-name.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { applyTransition } from '../../lib/transitions.js';
import { isUrgent, type VerificationReadContext } from './provider-verifications.reads.js';
import { pendingCounts, pendingReads, statusFigures, urgentCount } from './verification-figures.js';
import {
  APPROVE_REFUSED,
  type Executor,
  NOT_FOUND_DETAIL,
  notesUpdate,
  notifyVerificationOutcome,
  REJECT_REFUSED,
  RESET_REFUSED,
  urgentCutoff,
} from './verification-rules.js';
import {
  countedVerifications,
  planVerificationSearch,
  verificationSearchSides,
} from './verification-search.js';

type Filters = Partial<Pick<ClientVerificationListQuery, 'verification_status' | 'document_type' | 'search'>>;
type FilterBuilder = ExpressionBuilder<Database, 'client_verifications'>;

/**
 * A verification is found by its own text alone: its client's name, username, e-mail and phone, kept
 * on the row by triggers (migrations/support/client-verification-search).
 */
const CLIENT_VERIFICATION_SEARCH = verificationSearchSides('client_verifications');

/**
 * The list filters as one SQL condition; verifications of deleted users never match. `plans`: how
 * the search was planned (`planSearches` on CLIENT_VERIFICATION_SEARCH); through the index by default.
 */
function matchesFilters(
  eb: FilterBuilder,
  filters: Filters,
  dialect: Dialect,
  plans?: SearchPlans,
): Expression<SqlBool> {
  // The order indexes hold the live users' rows only (`user_deleted_at is null`, migration 0030).
  const conditions: Expression<SqlBool>[] = [
    eb(filteredColumn(dialect, 'client_verifications.user_deleted_at', plans), 'is', null),
  ];
  if (filters.verification_status === 'not_started') {
    conditions.push(sql<boolean>`1 = 0`);
  } else if (filters.verification_status) {
    const status = filteredColumn(dialect, 'client_verifications.verification_status', plans);
    conditions.push(eb(status, '=', filters.verification_status));
  }
  if (filters.document_type)
    conditions.push(eb('client_verifications.document_type', '=', filters.document_type));
  if (filters.search) {
    conditions.push(searchAnySide(dialect, filters.search, CLIENT_VERIFICATION_SEARCH, plans));
  }
  return eb.and(conditions);
}

/** Verifications of live users with what the screen shows of them. */
function selectVerifications(db: Executor) {
  return db
    .selectFrom('client_verifications')
    .innerJoin('users', 'users.id', 'client_verifications.user_id')
    .where((eb) => matchesFilters(eb, {}, dialectOf<Database>(db)))
    .leftJoin('users as verifier', 'verifier.id', 'client_verifications.verified_by')
    .select([
      'client_verifications.id',
      'client_verifications.user_id',
      'client_verifications.document_type',
      'client_verifications.id_card_front',
      'client_verifications.id_card_back',
      'client_verifications.passport_image',
      'client_verifications.verification_status',
      'client_verifications.submitted_at',
      'client_verifications.verified_at',
      'client_verifications.verified_by',
      'client_verifications.rejection_reason',
      'client_verifications.admin_notes',
      'users.username',
      'users.email',
      'users.first_name',
      'users.last_name',
      'verifier.username as verifier_username',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectVerifications>['execute']>>[number];

function toClientVerification(row: Row, context: VerificationReadContext): ClientVerification {
  const nowSeconds = Math.floor(context.now.getTime() / 1000);
  const name = displayName(row);
  return {
    id: row.id,
    user_id: row.user_id,
    client_name: name,
    full_name: name,
    client_email: row.email,
    user_info: { username: row.username, email: row.email },
    document_type: row.document_type,
    id_card_front: context.signer?.sign(row.id_card_front, nowSeconds) ?? null,
    id_card_back: context.signer?.sign(row.id_card_back, nowSeconds) ?? null,
    passport_image: context.signer?.sign(row.passport_image, nowSeconds) ?? null,
    verification_status: row.verification_status,
    submitted_at: row.submitted_at,
    verified_at: row.verified_at,
    verified_by:
      row.verified_by !== null && row.verifier_username !== null
        ? { id: row.verified_by, username: row.verifier_username }
        : null,
    rejection_reason: row.rejection_reason,
    admin_notes: row.admin_notes,
    is_urgent: isUrgent(row.verification_status, row.submitted_at, context),
  };
}

/** Whether a counter bucket (status|document|month) matches the enum filters. */
function bucketMatches(filters: Filters): (parts: string[]) => boolean {
  return ([status, document]) =>
    filters.verification_status !== 'not_started' &&
    (!filters.verification_status || status === filters.verification_status) &&
    (!filters.document_type || document === filters.document_type);
}

/**
 * The filtered verifications of live users month by month (month submitted) and day by day, newest
 * first, from the kept counters: the list's own (status, document, month) and `cv_day` (day, status,
 * document).
 */
function verificationsByPeriod(db: Kysely<Database>, filters: Filters): PeriodSources {
  if (filters.verification_status === 'not_started') return { months: async () => [] };
  const status = filters.verification_status ?? null;
  const document = filters.document_type ?? null;
  const filtered = status !== null || document !== null;
  return {
    months: () =>
      rowsByMonth(db, 'client_verifications', filtered ? [bucketPattern([status, document, null])] : []),
    days: (month) =>
      rowsByDay(db, 'cv_day', month, filtered ? [bucketPattern([null, status, document])] : []),
  };
}

/**
 * One page, newest submissions first, and its count: kept counters without a search, up to
 * SEARCH_COUNT_CAP with one (`capped` past it; a search matching fewer reads its page by id; a common
 * term under broad filters counted in its text index's order).
 */
export async function pageOfClientVerifications(
  db: Kysely<Database>,
  filters: Filters,
  page: { limit: number; offset: number },
  context: VerificationReadContext,
): Promise<{ count: number; capped: boolean; results: ClientVerification[] }> {
  const { plans, capped, rowsPlans, textOrder } = await planVerificationSearch(
    db,
    'client_verifications',
    filters.search,
    {
      unfiltered: !filters.verification_status && !filters.document_type,
      pageEnd: page.offset + page.limit,
      keptShare: async () => {
        const buckets = await readCountersWithoutMonth(db, 'client_verifications');
        return { kept: sumBuckets(buckets, bucketMatches(filters)), total: sumBuckets(buckets) };
      },
    },
  );
  const filtered = (planned: SearchPlans = plans) =>
    db
      .selectFrom('client_verifications')
      .where((eb) => matchesFilters(eb, filters, dialectOf<Database>(db), planned));
  // A deep page without a search starts at its day (db/deep-pages.ts).
  const start = filters.search
    ? { offset: page.offset }
    : await deepPageStart(page.offset, verificationsByPeriod(db, filters));
  const readers = pageReaders(
    db,
    {
      limit: page.limit,
      offset: start.offset,
      ...searchPage(
        'client_verifications',
        { term: filters.search, plans: rowsPlans },
        filters.verification_status,
        filters.document_type,
        start.before,
      ),
    },
    (ids) =>
      selectVerifications(db)
        .where('client_verifications.id', 'in', ids)
        .orderBy('client_verifications.submitted_at', 'desc')
        .orderBy('client_verifications.id', 'desc'),
    (among?: readonly number[]) =>
      (among
        ? db.selectFrom('client_verifications').where('client_verifications.id', 'in', among)
        : filtered(rowsPlans).$if(start.before !== undefined, (rows) =>
            rows.where('client_verifications.submitted_at', '<', start.before ?? ''),
          )
      )
        .select('client_verifications.id')
        .orderBy('client_verifications.submitted_at', 'desc')
        .orderBy('client_verifications.id', 'desc'),
  );
  const listed = await fetchListPage(db, {
    searching: Boolean(filters.search),
    capped,
    counted: {
      reads: [{ list: 'client_verifications', withoutMonth: true }],
      count: ([buckets]) => sumBuckets(buckets ?? [], bucketMatches(filters)),
    },
    matches: () =>
      countedVerifications('client_verifications', filters.search, { plans, textOrder }, (planned) =>
        filtered(planned).select('client_verifications.id'),
      ),
    checked: checkedUnlessByIds(plans, () =>
      filtered(rowPlans(CLIENT_VERIFICATION_SEARCH)).select('client_verifications.id'),
    ),
    matchOrder: {
      column: 'client_verifications.submitted_at',
      direction: 'desc',
      pageEnd: page.offset + page.limit,
    },
    ...readers,
  });
  // Lists never issue document links.
  const listContext = { ...context, signer: null };
  return {
    count: listed.count,
    capped: listed.capped,
    results: listed.rows.map((row) => toClientVerification(row, listContext)),
  };
}

export async function findClientVerification(
  db: Executor,
  id: number,
  context: VerificationReadContext,
): Promise<ClientVerification> {
  const row = await selectVerifications(db).where('client_verifications.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND_DETAIL);
  return toClientVerification(row, context);
}

/** Figures of the client verifications screen, from the kept counters. */
export async function clientVerificationStats(
  db: Executor,
  now: Date,
  urgentHours: number,
): Promise<ClientVerificationStats> {
  // Its kept lists in one statement, beside the index's count within the cutoff's hour.
  const cutoff = urgentCutoff(now, urgentHours);
  const counters = readCounterSets(db, [
    { list: 'client_verifications' },
    ...pendingReads('client_verifications', cutoff),
  ]);
  const [buckets, urgent] = await Promise.all([
    counters.then(([lists]) => lists),
    urgentCount(db, 'client_verifications', cutoff, {}, () =>
      counters.then((sets) => pendingCounts(cutoff, sets.slice(1))),
    ),
  ]);
  const figures = statusFigures(buckets, () => true);
  return { ...figures, urgent, urgent_after_hours: urgentHours };
}

interface Decision {
  adminId: number;
  adminNotes: string | null | undefined;
  now: string;
}

type ClientAction = { kind: 'approve' } | { kind: 'reject'; reason: string } | { kind: 'reset' };

const REFUSALS: Record<ClientAction['kind'], string> = {
  approve: APPROVE_REFUSED,
  reject: REJECT_REFUSED,
  reset: RESET_REFUSED,
};

/**
 * Applies one action in a transaction: approve and reject only from pending, reset only from
 * rejected (back to pending, reason and decision cleared). 404 / 409 with a French detail otherwise.
 */
async function decide(db: Kysely<Database>, id: number, action: ClientAction & Decision): Promise<void> {
  await runInTransaction(db, async (trx) => {
    const verification = await trx
      .selectFrom('client_verifications')
      .innerJoin('users', 'users.id', 'client_verifications.user_id')
      .where('users.deleted_at', 'is', null)
      .where('client_verifications.id', '=', id)
      .select([
        'client_verifications.id',
        'client_verifications.user_id',
        'client_verifications.verification_status',
      ])
      .executeTakeFirst();
    if (!verification) throw notFound(NOT_FOUND_DETAIL);
    const from = action.kind === 'reset' ? 'rejected' : 'pending';
    if (verification.verification_status !== from)
      throw conflict(REFUSALS[action.kind], 'invalid_transition');

    const audit = await trackChanges(trx, 'client_verification', [id]);
    const notes = notesUpdate(action.adminNotes);
    const changes =
      action.kind === 'reset'
        ? {
            verification_status: 'pending' as const,
            rejection_reason: null,
            verified_at: null,
            verified_by: null,
          }
        : {
            verification_status: action.kind === 'approve' ? ('verified' as const) : ('rejected' as const),
            rejection_reason: action.kind === 'reject' ? action.reason : null,
            verified_at: action.now,
            verified_by: action.adminId,
            ...(notes !== undefined ? { admin_notes: notes } : {}),
          };
    await applyTransition(
      trx,
      { table: 'client_verifications', id, from: [from], set: { ...changes, updated_at: action.now } },
      { notFound: NOT_FOUND_DETAIL, refused: REFUSALS[action.kind] },
    );

    await audit.record();
    if (action.kind === 'reset') return;
    await trx
      .updateTable('users')
      .set({ is_verified: action.kind === 'approve' })
      .where('id', '=', verification.user_id)
      .execute();
    await notifyVerificationOutcome(trx, {
      userId: verification.user_id,
      adminId: action.adminId,
      outcome: action.kind === 'approve' ? 'approved' : 'rejected',
      ...(action.kind === 'reject' ? { reason: action.reason } : {}),
      providerVerificationId: null,
      now: action.now,
    });
  });
}

export function approveClientVerification(
  db: Kysely<Database>,
  id: number,
  decision: Decision,
): Promise<void> {
  return decide(db, id, { ...decision, kind: 'approve' });
}

export function rejectClientVerification(
  db: Kysely<Database>,
  id: number,
  decision: Decision & { reason: string },
): Promise<void> {
  return decide(db, id, { ...decision, kind: 'reject' });
}

export function resetClientVerification(
  db: Kysely<Database>,
  id: number,
  adminId: number,
  now: string,
): Promise<void> {
  return decide(db, id, { kind: 'reset', adminId, adminNotes: undefined, now });
}
