import { REJECTION_REASON_REQUIRED, SELECTION_REQUIRED } from '@kwanza/contract';
import { type AliasedRawBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../lib/http-errors.js';
import { insertNotification } from '../../lib/notifications.js';

/** A query runner: the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export const NOT_FOUND_DETAIL = 'Vérification introuvable.';
export const APPROVE_REFUSED = 'Seule une vérification en attente peut être approuvée.';
export const REJECT_REFUSED = 'Seule une vérification en attente peut être rejetée.';
export const RESET_REFUSED = 'Seule une vérification rejetée peut être réinitialisée.';
export const SKIPPED_NOT_FOUND = 'Vérification introuvable';
export const SKIPPED_NOT_PENDING = "La vérification n'est pas en attente";

/** The trimmed rejection reason; 400 'La raison du rejet est obligatoire' when missing or blank. */
export function requireRejectionReason(reason: string | null | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (!trimmed)
    throw badRequest(REJECTION_REASON_REQUIRED, { rejection_reason: [REJECTION_REASON_REQUIRED] });
  return trimmed;
}

/** The distinct ids of a bulk action, in the order given; 400 when none is given. */
export function requireSelection(ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw badRequest(SELECTION_REQUIRED, { verification_ids: [SELECTION_REQUIRED] });
  return unique;
}

/**
 * Admin notes as stored: absent or null leaves the current notes, an empty text clears them.
 * Returns `undefined` for "leave as is".
 */
export function notesUpdate(notes: string | null | undefined): string | null | undefined {
  if (notes === undefined || notes === null) return undefined;
  const trimmed = notes.trim();
  return trimmed ? trimmed : null;
}

/** Start of "urgent": a pending verification submitted before this instant is urgent. */
export function urgentCutoff(now: Date, urgentHours: number): string {
  return new Date(now.getTime() - urgentHours * 3600 * 1000).toISOString();
}

/**
 * When the first of `rows` still pending and not yet urgent at `now` turns urgent (ms since the
 * epoch; infinity when none will): until then, their `is_urgent` is the same.
 */
export function nextUrgency(
  rows: ReadonlyArray<{ verification_status: string; submitted_at: string }>,
  now: Date,
  urgentHours: number,
): number {
  let next = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    if (row.verification_status !== 'pending') continue;
    const urgentAfter = new Date(row.submitted_at).getTime() + urgentHours * 3600 * 1000;
    if (urgentAfter >= now.getTime()) next = Math.min(next, urgentAfter);
  }
  return next;
}

export function daysAgo(now: Date, days: number): string {
  return new Date(now.getTime() - days * 24 * 3600 * 1000).toISOString();
}

export interface NotificationInput {
  userId: number;
  adminId: number;
  outcome: 'approved' | 'rejected';
  reason?: string;
  /** Provider verification id (the bell links it); null for a client verification. */
  providerVerificationId: number | null;
  now: string;
}

/** Tells the user the outcome of their identity verification. */
export async function notifyVerificationOutcome(db: Executor, input: NotificationInput): Promise<void> {
  const approved = input.outcome === 'approved';
  const text = {
    title: approved ? 'Vérification approuvée' : 'Vérification rejetée',
    message: approved
      ? "Votre vérification d'identité a été approuvée. Votre compte est désormais vérifié."
      : `Votre vérification d'identité a été rejetée. Raison : ${input.reason ?? ''}`,
  };
  await insertNotification(db, {
    recipients: input.userId,
    ...text,
    type: approved ? 'verification_approved' : 'verification_rejected',
    priority: approved ? 'normal' : 'high',
    related:
      input.providerVerificationId === null
        ? null
        : { type: 'provider_verification', id: input.providerVerificationId },
    createdBy: input.adminId,
    at: input.now,
  });
}

/**
 * The counters of a verification table, as select expressions: total, pending, verified, rejected,
 * and urgent (pending and submitted before `cutoff`). Same SQL on both databases.
 */
export function verificationStatusCounts(
  table: 'provider_verifications' | 'client_verifications',
  cutoff: string,
): AliasedRawBuilder<number, 'total' | 'pending' | 'verified' | 'rejected' | 'urgent'>[] {
  const status = sql.ref(`${table}.verification_status`);
  const submittedAt = sql.ref(`${table}.submitted_at`);
  const countStatus = (value: 'pending' | 'verified' | 'rejected') =>
    sql<number>`count(case when ${status} = ${value} then 1 end)`.as(value);
  return [
    sql<number>`count(*)`.as('total'),
    countStatus('pending'),
    countStatus('verified'),
    countStatus('rejected'),
    sql<number>`count(case when ${status} = 'pending' and ${submittedAt} < ${cutoff} then 1 end)`.as(
      'urgent',
    ),
  ];
}
