import { z } from 'zod';
import {
  hasNoNulCharacter,
  MAX_ROW_ID,
  NotificationPriority,
  NotificationType,
  pageOf,
  paginationQuery,
  QueryBoolean,
  RelatedObjectType,
  RowId,
  SearchText,
  Timestamp,
} from './common.js';

export const NOTIFICATIONS_PAGE_SIZE = 10;
/** Notifications in the header bell's feed. */
export const NOTIFICATION_FEED_SIZE = 10;
/** Longest title and message of a notification written by an admin (after trimming). */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_MESSAGE_MAX = 2000;
/** Most notifications one bulk action takes. */
export const NOTIFICATION_BULK_MAX = 100;

export const TITLE_REQUIRED = 'Le titre est requis';
export const MESSAGE_REQUIRED = 'Le message est requis';
export const RECIPIENT_REQUIRED = 'Veuillez sélectionner un utilisateur';
export const NOTIFICATION_SELECTION_REQUIRED = 'Au moins une notification doit être sélectionnée';
export const NOTIFICATION_TYPE_MESSAGE = 'Type de notification invalide.';

export const NotificationPeriod = z.enum(['today', 'week', 'month']);
export type NotificationPeriod = z.infer<typeof NotificationPeriod>;

export const NotificationListQuery = paginationQuery(NOTIFICATIONS_PAGE_SIZE).extend({
  /** Title, message, recipient's name or e-mail; case- and accent-insensitive. */
  search: SearchText,
  notification_type: z
    .union([z.literal(''), NotificationType], { message: NOTIFICATION_TYPE_MESSAGE })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  is_read: z
    .union([z.literal(''), QueryBoolean])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  /** By creation: today (since midnight, Luanda time), week (7 days), month (30 days). */
  period: z
    .union([z.literal(''), NotificationPeriod], {
      message: 'Période invalide. Valeurs acceptées : today, week, month.',
    })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationRecipient = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string(),
});
export type NotificationRecipient = z.infer<typeof NotificationRecipient>;

export const Notification = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  notification_type: NotificationType,
  /** The same value as `notification_type` (the spec names both). */
  type: NotificationType,
  is_read: z.boolean(),
  read_at: Timestamp.nullable(),
  created_at: Timestamp,
  user: NotificationRecipient,
  priority: NotificationPriority,
  related_object_type: RelatedObjectType.nullable(),
  related_object_id: z.number().int().nullable(),
  /** The admin who wrote or caused it (null for the platform's own notifications). */
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = pageOf(Notification);
export type NotificationPage = z.infer<typeof NotificationPage>;

export const NotificationStats = z.object({
  total_notifications: z.number().int(),
  unread_notifications: z.number().int(),
});
export type NotificationStats = z.infer<typeof NotificationStats>;

export const UnreadCount = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** The header bell: the latest notifications addressed to the signed-in admin, and their unread count. */
export const NotificationFeed = z.object({
  unread_count: z.number().int(),
  results: z.array(Notification),
});
export type NotificationFeed = z.infer<typeof NotificationFeed>;

function requiredText(max: number, required: string, tooLong: string) {
  return z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(max, { message: tooLong })
    .refine(hasNoNulCharacter, { message: 'Le texte contient un caractère non autorisé' });
}

const Title = requiredText(
  NOTIFICATION_TITLE_MAX,
  TITLE_REQUIRED,
  `Le titre ne peut pas dépasser ${NOTIFICATION_TITLE_MAX} caractères`,
);
const Message = requiredText(
  NOTIFICATION_MESSAGE_MAX,
  MESSAGE_REQUIRED,
  `Le message ne peut pas dépasser ${NOTIFICATION_MESSAGE_MAX} caractères`,
);
const Type = z.enum(NotificationType.options, { message: NOTIFICATION_TYPE_MESSAGE }).default('system');

/** A recipient's id: required, with the spec's message. */
const RecipientId = z
  .union([z.number(), z.string()], { message: RECIPIENT_REQUIRED })
  .refine((value) => value !== '', { message: RECIPIENT_REQUIRED })
  .pipe(RowId);

/** What an admin writes: title, message, type (default system). */
export const NotificationContent = z.object({ title: Title, message: Message, notification_type: Type });
export type NotificationContent = z.infer<typeof NotificationContent>;

/** `POST notifications/send/`: one notification to one user. */
export const SendNotificationBody = NotificationContent.extend({ user_id: RecipientId });
export type SendNotificationBody = z.infer<typeof SendNotificationBody>;

/** `POST notifications/`: the same, with the recipient named `recipient` and optional extras. */
export const CreateNotificationBody = NotificationContent.extend({
  recipient: RecipientId,
  priority: NotificationPriority.default('normal'),
  related_object_type: RelatedObjectType.nullable().optional(),
  related_object_id: z.number().int().positive().max(MAX_ROW_ID).nullable().optional(),
}).refine(
  (body) => (body.related_object_type ?? null) === null || (body.related_object_id ?? null) !== null,
  {
    path: ['related_object_id'],
    message: "L'identifiant de l'objet lié est requis avec son type",
  },
);
export type CreateNotificationBody = z.infer<typeof CreateNotificationBody>;

/** `PATCH notifications/{id}/`: any of these fields. */
export const UpdateNotificationBody = z
  .object({
    title: Title.optional(),
    message: Message.optional(),
    notification_type: z.enum(NotificationType.options, { message: NOTIFICATION_TYPE_MESSAGE }).optional(),
    priority: NotificationPriority.optional(),
    is_read: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Aucun champ à modifier',
  });
export type UpdateNotificationBody = z.infer<typeof UpdateNotificationBody>;

/** `POST /api/admin/broadcast/notifications`: to every active user (see the API docs). */
export const BroadcastNotificationBody = NotificationContent;
export type BroadcastNotificationBody = z.infer<typeof BroadcastNotificationBody>;

export const BroadcastResult = z.object({
  detail: z.string(),
  /** How many users received it. */
  recipients: z.number().int(),
});
export type BroadcastResult = z.infer<typeof BroadcastResult>;

/** How many users a broadcast would reach now (the confirmation names it). */
export const BroadcastAudience = z.object({ recipients: z.number().int() });
export type BroadcastAudience = z.infer<typeof BroadcastAudience>;

export const NotificationIdsBody = z.object({
  notification_ids: z
    .array(RowId, { message: NOTIFICATION_SELECTION_REQUIRED })
    .min(1, { message: NOTIFICATION_SELECTION_REQUIRED })
    .max(NOTIFICATION_BULK_MAX, {
      message: `Au plus ${NOTIFICATION_BULK_MAX} notifications à la fois`,
    }),
});
export type NotificationIdsBody = z.infer<typeof NotificationIdsBody>;

export const NotificationBulkResult = z.object({
  detail: z.string(),
  /** How many notifications changed (already-read ones are not counted by a mark-read). */
  updated: z.number().int(),
});
export type NotificationBulkResult = z.infer<typeof NotificationBulkResult>;
