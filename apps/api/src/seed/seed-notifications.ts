import { NotificationType, type RelatedObjectType } from '@kwanza/contract';
import type { Insertable } from 'kysely';
import type { NotificationsTable } from '../db/schema.js';
import { notificationSearchText } from '../lib/search-text.js';
import type { NamedRow, SeedContext } from './seed-context.js';
import { notificationText } from './texts.js';
import { DAY, isoString, MINUTE, timeBetween } from './timeline.js';

/* Notifications: many for every admin (at least 12 unread each, for the bell), some for other users. */

export const NOTIFICATIONS_PER_BATCH = 5000;
/** Every admin gets at least this many unread notifications, the most recent ones. */
export const UNREAD_PER_ADMIN = 14;
const PERIOD_DAYS = 60;

export function adminNotificationCount(users: number): number {
  return 36 + Math.min(164, Math.floor(users / 5000));
}

export function userNotificationCount(users: number): number {
  return Math.round(users * 0.3);
}

const RELATED_TYPE: Record<NotificationType, RelatedObjectType | null> = {
  message: 'user',
  new_message: 'user',
  review: 'user',
  new_review: 'user',
  favorite: 'user',
  dispute: 'dispute',
  new_dispute: 'dispute',
  system: null,
  quote_request: 'project',
  quote_accepted: 'project',
  quote_rejected: 'project',
  quote_completed: 'project',
  new_offer: 'project',
  offer_accepted: 'project',
  offer_rejected: 'project',
  new_project: 'project',
  verification_pending: 'provider_verification',
  verification_approved: 'provider_verification',
  verification_rejected: 'provider_verification',
};

const CLIENT_TYPES: readonly NotificationType[] = [
  'new_offer',
  'quote_accepted',
  'quote_rejected',
  'quote_completed',
  'message',
  'new_message',
  'dispute',
  'system',
];

const PROVIDER_TYPES: readonly NotificationType[] = [
  'offer_accepted',
  'offer_rejected',
  'quote_request',
  'review',
  'new_review',
  'favorite',
  'new_message',
  'new_project',
  'verification_approved',
  'verification_rejected',
  'dispute',
  'system',
];

function relatedRow(context: SeedContext, type: NotificationType): NamedRow | undefined {
  const { pools, random } = context;
  switch (RELATED_TYPE[type]) {
    case 'user':
      return pools.users.pick(random);
    case 'dispute':
      return pools.disputes.pick(random);
    case 'project':
      return pools.projects.pick(random);
    case 'provider_verification':
      return type === 'verification_pending'
        ? (pools.pendingProviderVerifications.pick(random) ?? pools.providerVerifications.pick(random))
        : pools.providerVerifications.pick(random);
    default:
      return undefined;
  }
}

function notificationRow(
  context: SeedContext,
  userId: number,
  type: NotificationType,
  createdMs: number,
  isRead: boolean,
): Insertable<NotificationsTable> {
  const { random, nowMs } = context;
  const related = relatedRow(context, type);
  const relatedType = related ? RELATED_TYPE[type] : null;
  const text = notificationText(type, related?.label ?? 'un utilisateur');
  return {
    user_id: userId,
    title: text.title,
    message: text.message,
    search_text: notificationSearchText(text),
    notification_type: type,
    priority: context.pickers.notificationPriority.next(random),
    is_read: isRead,
    related_object_type: relatedType,
    related_object_id: relatedType && related ? related.id : null,
    created_by:
      type === 'system' && context.adminIds.length > 0 && random.chance(0.6)
        ? random.pick(context.adminIds)
        : null,
    created_at: isoString(createdMs),
    read_at: isRead ? isoString(timeBetween(random, createdMs, Math.min(nowMs, createdMs + 3 * DAY))) : null,
  };
}

function recentTime(context: SeedContext): number {
  return context.nowMs - context.random.int(0, PERIOD_DAYS * 24 * 60) * MINUTE;
}

function adminRows(context: SeedContext, adminId: number, count: number): Insertable<NotificationsTable>[] {
  const { random } = context;
  const types = random.shuffle([...NotificationType.options]);
  while (types.length < count) types.push(random.pick(NotificationType.options));
  const times = types.map(() => recentTime(context)).sort((first, second) => second - first);
  return types.map((type, position) =>
    notificationRow(
      context,
      adminId,
      type,
      times[position] ?? context.nowMs,
      position >= UNREAD_PER_ADMIN && random.chance(0.8),
    ),
  );
}

function userRow(context: SeedContext): Insertable<NotificationsTable> | null {
  const { random, clients, providers } = context;
  const total = clients.length + providers.length;
  if (total === 0) return null;
  const isClient = random.next() * total < clients.length;
  const members = isClient ? clients : providers;
  const userId = members.ids[members.randomIndex(random)];
  if (userId === undefined) return null;
  const type = random.pick(isClient ? CLIENT_TYPES : PROVIDER_TYPES);
  return notificationRow(context, userId, type, recentTime(context), random.chance(0.55));
}

/** Admin notifications first, then `userCount` for other users. */
export async function seedNotifications(
  context: SeedContext,
  counts: { perAdmin: number; users: number },
  onBatch: (inserted: number) => Promise<void>,
): Promise<void> {
  const insert = async (rows: Insertable<NotificationsTable>[]) => {
    await context.writer.insert('notifications', rows);
    context.summary.notifications += rows.length;
  };
  for (const adminId of context.adminIds) {
    await insert(adminRows(context, adminId, counts.perAdmin));
    await onBatch(counts.perAdmin);
  }
  for (let start = 0; start < counts.users; start += NOTIFICATIONS_PER_BATCH) {
    const end = Math.min(counts.users, start + NOTIFICATIONS_PER_BATCH);
    const rows: Insertable<NotificationsTable>[] = [];
    for (let index = start; index < end; index += 1) {
      const row = userRow(context);
      if (row) rows.push(row);
    }
    await insert(rows);
    await onBatch(end - start);
  }
}
