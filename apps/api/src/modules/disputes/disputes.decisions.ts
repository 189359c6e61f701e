import type { DisputeStatus, UpdateDisputeStatusBody } from '@kwanza/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dialectOf, lockRowsOnPostgres, nowIso } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { trackChanges } from '../../lib/audit-objects.js';
import { notFound } from '../../lib/http-errors.js';
import { insertNotification } from '../../lib/notifications.js';
import { DISPUTE_NOT_FOUND } from './disputes.repository.js';

/** French labels of the statuses, as the console shows them (notification texts). */
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'En attente',
  under_review: "En cours d'examen",
  resolved: 'Résolu',
  closed: 'Fermé',
};

export function isFinished(status: DisputeStatus): boolean {
  return status === 'resolved' || status === 'closed';
}

/**
 * `resolved_at` after a change: kept when the dispute was already resolved or closed and stays so
 * (resolved ↔ closed, or the same status with a new note), set to now when it becomes resolved or
 * closed, cleared when it is reopened (open or under review).
 */
export function nextResolvedAt(
  current: { status: DisputeStatus; resolved_at: string | null },
  next: DisputeStatus,
  now: string,
): string | null {
  if (!isFinished(next)) return null;
  return isFinished(current.status) && current.resolved_at !== null ? current.resolved_at : now;
}

/** The note as stored: absent keeps the current one, empty or blank clears it, else trimmed. */
export function nextNote(current: string | null, given: string | null | undefined): string | null {
  if (given === undefined) return current;
  const trimmed = given?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Tells the client and the provider (once each) the new status of their dispute. */
async function notifyParties(
  trx: Transaction<Database>,
  dispute: { id: number; title: string; client_id: number; provider_id: number },
  change: { status: DisputeStatus; note: string | null; adminId: number; now: string },
): Promise<void> {
  await insertNotification(trx, {
    recipients: [dispute.client_id, dispute.provider_id],
    type: 'dispute',
    title: 'Litige mis à jour',
    message:
      `Le statut du litige « ${dispute.title} » est désormais : ${DISPUTE_STATUS_LABELS[change.status]}.` +
      (change.note ? ` Note : ${change.note}` : ''),
    related: { type: 'dispute', id: dispute.id },
    createdBy: change.adminId,
    at: change.now,
  });
}

/**
 * Sets a dispute's status (any of the four from any state) and note, in one transaction under a row
 * lock: the change, its history entry (from, to, note, admin, time) and the notifications of both
 * parties are written together or not at all, and concurrent changes of one dispute line up.
 */
export async function updateDisputeStatus(
  db: Kysely<Database>,
  id: number,
  body: UpdateDisputeStatusBody,
  adminId: number,
): Promise<void> {
  await runInTransaction(db, async (trx) => {
    const current = await lockRowsOnPostgres(
      trx
        .selectFrom('disputes')
        .select(['id', 'title', 'status', 'client_id', 'provider_id', 'resolved_at', 'resolution_note'])
        .where('id', '=', id),
      dialectOf<Database>(trx),
    ).executeTakeFirst();
    if (!current) throw notFound(DISPUTE_NOT_FOUND);
    const audit = await trackChanges(trx, 'dispute', [id]);
    const now = nowIso();
    const note = nextNote(current.resolution_note, body.resolution_note);
    await trx
      .updateTable('disputes')
      .set({
        status: body.status,
        resolution_note: note,
        resolved_at: nextResolvedAt(current, body.status, now),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await trx
      .insertInto('dispute_status_history')
      .values({
        dispute_id: id,
        from_status: current.status,
        to_status: body.status,
        resolution_note: note,
        changed_by: adminId,
        changed_at: now,
      })
      .execute();
    await notifyParties(trx, current, { status: body.status, note, adminId, now });
    await audit.record();
  });
}
