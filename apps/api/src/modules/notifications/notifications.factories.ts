import type { Insertable, Kysely } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';
import { notificationSearchText } from '../../lib/search-text.js';

let sequence = 0;

/** Inserts a notification (unread, system, normal); search_text is built like every writer builds it. */
export async function insertNotificationRow(
  db: Kysely<Database>,
  values: Partial<Insertable<NotificationsTable>> & { user_id: number },
): Promise<number> {
  sequence += 1;
  const title = values.title ?? `Notification ${sequence}`;
  const message = values.message ?? 'Un message de la plateforme';
  const isRead = values.is_read ?? false;
  const createdAt = values.created_at ?? nowIso();
  const row = await db
    .insertInto('notifications')
    .values({
      notification_type: 'system',
      priority: 'normal',
      related_object_type: null,
      related_object_id: null,
      created_by: null,
      read_at: isRead ? createdAt : null,
      ...values,
      is_read: isRead,
      created_at: createdAt,
      title,
      message,
      search_text: notificationSearchText({ title, message }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
