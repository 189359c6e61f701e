import type {
  BroadcastResult,
  CreateNotificationBody,
  Notification,
  NotificationBulkResult,
  NotificationContent,
  UpdateNotificationBody,
} from '@kwanza/contract';
import { type Kysely, sql } from 'kysely';
import { toCount } from '../../db/aggregates.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { recordCreation, trackChanges } from '../../lib/audit-objects.js';
import { recordAudit } from '../../lib/audit-trail.js';
import { notFound } from '../../lib/http-errors.js';
import { insertNotification } from '../../lib/notifications.js';
import { notificationSearchText } from '../../lib/search-text.js';
import { getNotification, NOTIFICATION_NOT_FOUND } from './notifications.reads.js';

/*
 * Writes of the notifications: to one user, to every active user (a broadcast), edits, read marks
 * and deletions. Bulk actions are all or nothing: one unknown id and nothing changes (404).
 */

export const RECIPIENT_NOT_FOUND = 'Utilisateur introuvable.';

/** Who "all users" is: active accounts, not deleted, clients and providers (admins have their feed). */
export const BROADCAST_AUDIENCE_DESCRIPTION =
  'Tous les utilisateurs actifs de la place de marché : comptes actifs, non supprimés, clients et ' +
  'prestataires (les administrateurs reçoivent leurs propres notifications dans la cloche).';

async function requireLiveUser(db: Kysely<Database>, userId: number): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw notFound(RECIPIENT_NOT_FOUND);
}

export interface NotificationToOne extends NotificationContent {
  recipient: number;
  priority?: CreateNotificationBody['priority'];
  related_object_type?: CreateNotificationBody['related_object_type'];
  related_object_id?: CreateNotificationBody['related_object_id'];
}

/** One notification to one user (404 when the user does not exist or was deleted). */
export async function sendToUser(
  db: Kysely<Database>,
  notification: NotificationToOne,
  adminId: number,
): Promise<Notification> {
  const id = await runInTransaction(db, async (trx) => {
    await requireLiveUser(trx, notification.recipient);
    const relatedType = notification.related_object_type ?? null;
    const [written] = await insertNotification(trx, {
      recipients: notification.recipient,
      type: notification.notification_type,
      title: notification.title,
      message: notification.message,
      priority: notification.priority ?? 'normal',
      related:
        relatedType !== null && notification.related_object_id
          ? { type: relatedType, id: notification.related_object_id }
          : null,
      createdBy: adminId,
    });
    if (written === undefined) throw new Error('notification not written');
    await recordCreation(trx, 'notification', written);
    return written;
  });
  return getNotification(db, id);
}

/** How many users a broadcast reaches now (kept by triggers on users). */
export async function countBroadcastAudience(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('user_figures')
    .select('n')
    .where('name', '=', 'broadcast_audience')
    .executeTakeFirst();
  return toCount(row?.n);
}

/**
 * One notification to every active client and provider: the broadcast row, then every copy in one
 * INSERT … SELECT, in one transaction. The copies keep no text and no author of their own (the
 * broadcast has them, notifications.reads): each value a copy holds that references another row is a
 * foreign-key check, and at 930,091 copies on PostgreSQL the author's alone took 4.2–5.5 s of a
 * 28–40 s EXPLAIN ANALYZE (0.5 s once null, the check then returning at once).
 */
export async function broadcastNotification(
  db: Kysely<Database>,
  content: NotificationContent,
  adminId: number,
): Promise<BroadcastResult> {
  const recipients = await runInTransaction(db, async (trx) => {
    const at = nowIso();
    const broadcast = await trx
      .insertInto('notification_broadcasts')
      .values({
        title: content.title,
        message: content.message,
        notification_type: content.notification_type,
        search_text: notificationSearchText(content),
        recipients: 0,
        created_by: adminId,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = await trx
      .insertInto('notifications')
      .columns([
        'user_id',
        'title',
        'message',
        'search_text',
        'notification_type',
        'priority',
        'is_read',
        'related_object_type',
        'related_object_id',
        'created_by',
        'created_at',
        'read_at',
        'broadcast_id',
      ])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select([
            'users.id',
            sql.lit('').as('title'),
            sql.lit('').as('message'),
            sql.lit('').as('search_text'),
            sql.val(content.notification_type).as('notification_type'),
            sql.lit('normal').as('priority'),
            eb.lit(false).as('is_read'),
            sql.lit(null).as('related_object_type'),
            sql.lit(null).as('related_object_id'),
            // Their author is the broadcast's: a value here would cost a foreign-key check per copy.
            sql.lit(null).as('created_by'),
            sql.val(at).as('created_at'),
            sql.lit(null).as('read_at'),
            sql.val(broadcast.id).as('broadcast_id'),
          ])
          .where('users.is_active', '=', true)
          .where('users.deleted_at', 'is', null)
          .where('users.role', 'in', ['client', 'provider']),
      )
      .executeTakeFirstOrThrow();
    const count = Number(inserted.numInsertedOrUpdatedRows ?? 0);
    /* The copies skip the counters' per-row trigger (support/broadcast-copies.ts): one upsert for
       all, in the list and its deep pages' rollups (all unread, of one type, of one instant), in the
       triggers' order of lists. */
    if (count > 0) {
      const type = content.notification_type;
      const buckets = [
        ['notifications', `0|${type}`],
        ['notifications_month', `0|${type}|${at.slice(0, 7)}`],
        ['notifications_day', `${at.slice(0, 10)}|0|${type}`],
        ['notifications_read_day', `${at.slice(0, 10)}|0`],
      ] as const;
      await sql`insert into list_counters (list, bucket, n, amount)
        values ${sql.join(buckets.map(([list, bucket]) => sql`(${list}, ${bucket}, ${count}, 0)`))}
        on conflict (list, bucket) do update set n = list_counters.n + excluded.n`.execute(trx);
    }
    await trx
      .updateTable('notification_broadcasts')
      .set({ recipients: count })
      .where('id', '=', broadcast.id)
      .execute();
    // One entry for the broadcast (its copies are not objects an admin acted on one by one).
    await recordAudit(trx, {
      object: null,
      details: {
        broadcast_id: broadcast.id,
        title: content.title,
        message: content.message,
        notification_type: content.notification_type,
        recipients: count,
      },
    });
    return count;
  });
  return {
    detail: `Notification envoyée à ${recipients} utilisateur${recipients > 1 ? 's' : ''}`,
    recipients,
  };
}

/**
 * Edits a notification. A copy of a broadcast that gets its own title or message leaves the broadcast
 * (it keeps its text itself from then on).
 */
export async function updateNotification(
  db: Kysely<Database>,
  id: number,
  body: UpdateNotificationBody,
): Promise<Notification> {
  await runInTransaction(db, async (trx) => {
    const audit = await trackChanges(trx, 'notification', [id]);
    const current = await getNotification(trx, id);
    const title = body.title ?? current.title;
    const message = body.message ?? current.message;
    const textChanged = body.title !== undefined || body.message !== undefined;
    await trx
      .updateTable('notifications')
      .set({
        // A copy leaving its broadcast takes its text and its author with it.
        ...(textChanged
          ? {
              title,
              message,
              search_text: notificationSearchText({ title, message }),
              broadcast_id: null,
              created_by: current.created_by?.id ?? null,
            }
          : {}),
        ...(body.notification_type !== undefined ? { notification_type: body.notification_type } : {}),
        ...(body.priority !== undefined ? { priority: body.priority } : {}),
        ...(body.is_read !== undefined && body.is_read !== current.is_read
          ? { is_read: body.is_read, read_at: body.is_read ? nowIso() : null }
          : {}),
      })
      .where('id', '=', id)
      .execute();
    await audit.record();
  });
  return getNotification(db, id);
}

/** Marks one notification read (one already read keeps its time; an unknown id is a 404). */
export async function markNotificationRead(db: Kysely<Database>, id: number): Promise<Notification> {
  await runInTransaction(db, async (trx) => {
    const audit = await trackChanges(trx, 'notification', [id]);
    await trx
      .updateTable('notifications')
      .set({ is_read: true, read_at: nowIso() })
      .where('id', '=', id)
      .where('is_read', '=', false)
      .execute();
    await audit.record();
  });
  return getNotification(db, id);
}

export async function deleteNotification(db: Kysely<Database>, id: number): Promise<void> {
  await runInTransaction(db, async (trx) => {
    const audit = await trackChanges(trx, 'notification', [id]);
    const result = await trx.deleteFrom('notifications').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(NOTIFICATION_NOT_FOUND);
    await audit.record();
  });
}

const SOME_NOT_FOUND = 'Une ou plusieurs notifications sont introuvables. Aucune modification effectuée.';

function plural(count: number, one: string, many: string): string {
  return count > 1 ? many : one;
}

/** Marks the given notifications read, all or nothing. */
export async function bulkMarkRead(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<NotificationBulkResult> {
  const distinct = [...new Set(ids)].sort((first, second) => first - second);
  const updated = await runInTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('id', 'in', distinct)
      .executeTakeFirstOrThrow();
    if (toCount(existing.count) !== distinct.length) throw notFound(SOME_NOT_FOUND);
    const audit = await trackChanges(trx, 'notification', distinct);
    const result = await trx
      .updateTable('notifications')
      .set({ is_read: true, read_at: nowIso() })
      .where('id', 'in', distinct)
      .where('is_read', '=', false)
      .executeTakeFirst();
    await audit.record({ action: 'notification.mark_read', details: { bulk: true } });
    return Number(result.numUpdatedRows);
  });
  return {
    detail: `${updated} ${plural(updated, 'notification marquée comme lue', 'notifications marquées comme lues')}`,
    updated,
  };
}

/** Deletes the given notifications, all or nothing. */
export async function bulkDelete(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<NotificationBulkResult> {
  const distinct = [...new Set(ids)].sort((first, second) => first - second);
  const deleted = await runInTransaction(db, async (trx) => {
    const audit = await trackChanges(trx, 'notification', distinct);
    const result = await trx.deleteFrom('notifications').where('id', 'in', distinct).executeTakeFirst();
    const count = Number(result.numDeletedRows);
    if (count !== distinct.length) throw notFound(SOME_NOT_FOUND);
    await audit.record({ action: 'notification.delete', details: { bulk: true } });
    return count;
  });
  return {
    detail: `${deleted} ${plural(deleted, 'notification supprimée', 'notifications supprimées')}`,
    updated: deleted,
  };
}

/** Marks every unread notification of one admin read (the bell's 'Tout marquer comme lu'). */
export async function markAllReadOf(db: Kysely<Database>, adminId: number): Promise<NotificationBulkResult> {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: true, read_at: nowIso() })
    .where('user_id', '=', adminId)
    .where('is_read', '=', false)
    .executeTakeFirst();
  const updated = Number(result.numUpdatedRows);
  return {
    detail: `${updated} ${plural(updated, 'notification marquée comme lue', 'notifications marquées comme lues')}`,
    updated,
  };
}
