import type { Kysely } from 'kysely';
import type { Database, NotificationsTable } from '../db/schema.js';
import { nowIso } from '../db/sql.js';
import { notificationSearchText } from './search-text.js';

/*
 * The one way the API writes a notification: type, priority, related object, recipients and the
 * admin who caused it, with its search text built like every other writer's. Call it inside the
 * transaction of the change it announces, so both exist or neither.
 */

export interface NotificationDraft {
  /** One or more recipients (user ids); duplicates receive it once. */
  recipients: number | readonly number[];
  type: string;
  title: string;
  message: string;
  priority?: NotificationsTable['priority'];
  related?: { type: NonNullable<NotificationsTable['related_object_type']>; id: number } | null;
  /** The admin whose action sent it (null for the platform itself). */
  createdBy?: number | null;
  /** ISO time; defaults to now. */
  at?: string;
}

/** Inserts the notification for each distinct recipient in one statement; returns the new rows' ids. */
export async function insertNotification(db: Kysely<Database>, draft: NotificationDraft): Promise<number[]> {
  const recipients = [
    ...new Set(typeof draft.recipients === 'number' ? [draft.recipients] : draft.recipients),
  ];
  if (recipients.length === 0) return [];
  const at = draft.at ?? nowIso();
  const searchText = notificationSearchText({ title: draft.title, message: draft.message });
  const rows = await db
    .insertInto('notifications')
    .values(
      recipients.map((userId) => ({
        user_id: userId,
        title: draft.title,
        message: draft.message,
        search_text: searchText,
        notification_type: draft.type,
        priority: draft.priority ?? 'normal',
        is_read: false,
        related_object_type: draft.related?.type ?? null,
        related_object_id: draft.related?.id ?? null,
        created_by: draft.createdBy ?? null,
        created_at: at,
        read_at: null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
