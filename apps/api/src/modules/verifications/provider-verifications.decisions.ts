import type { BulkVerificationResult } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dialectOf, lockRowsOnPostgres } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { trackChanges } from '../../lib/audit-objects.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { tryTransition } from '../../lib/transitions.js';
import {
  APPROVE_REFUSED,
  type Executor,
  NOT_FOUND_DETAIL,
  notesUpdate,
  notifyVerificationOutcome,
  REJECT_REFUSED,
  SKIPPED_NOT_FOUND,
  SKIPPED_NOT_PENDING,
} from './verification-rules.js';

/*
 * Decisions on provider verifications: approve or reject one, or many in one transaction (rows
 * locked in id order), each through one conditional transition and the user's notification.
 */

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
    const audit = await trackChanges(trx, 'provider_verification', [id]);
    const applied = await applyDecision(trx, verification, decision);
    if (!applied) throw conflict(refused, 'invalid_transition');
    await audit.record();
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
    const audit = await trackChanges(trx, 'provider_verification', [...found.keys()]);
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
    // One entry per verification decided; the skipped ones did not change and get none.
    await audit.record({ details: { bulk: true } });
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
