import { z } from 'zod';
import {
  ConversationStatus,
  decimalInteger,
  hasNoNulCharacter,
  MAX_ROW_ID,
  pageOf,
  paginationQuery,
  QueryBoolean,
  RowId,
  SearchText,
  SenderType,
  Timestamp,
} from './common.js';

export const CONVERSATIONS_PAGE_SIZE = 10;
/** Longest admin message, in characters (after trimming). */
export const ADMIN_MESSAGE_MAX_LENGTH = 5000;
/** Most conversations one bulk mark-read takes. */
export const BULK_MARK_READ_MAX = 100;

export const ConversationPeriod = z.enum(['today', 'week', 'month']);
export type ConversationPeriod = z.infer<typeof ConversationPeriod>;

const OptionalUserId = z
  .union(
    [
      z.literal(''),
      decimalInteger('Un identifiant numérique est attendu').pipe(
        z.number().int().positive().max(MAX_ROW_ID),
      ),
    ],
    { message: 'Un identifiant numérique positif est attendu' },
  )
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const ConversationListQuery = paginationQuery(CONVERSATIONS_PAGE_SIZE).extend({
  /** Client or provider name or e-mail; case- and accent-insensitive. */
  search: SearchText,
  /** true: with messages unread by the moderation team; false: all read. */
  has_unread: z
    .union([z.literal(''), QueryBoolean])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  /** By last activity: today (since midnight, Luanda time), week (7 days), month (30 days). */
  period: z
    .union([z.literal(''), ConversationPeriod], {
      message: 'Période invalide. Valeurs acceptées : today, week, month.',
    })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  client: OptionalUserId,
  provider: OptionalUserId,
});
export type ConversationListQuery = z.infer<typeof ConversationListQuery>;

export const ConversationParty = z.object({
  id: z.number().int(),
  /** 'Prénom Nom', else the username. */
  full_name: z.string(),
  email: z.string(),
});
export type ConversationParty = z.infer<typeof ConversationParty>;

export const LastMessage = z.object({
  sender_type: SenderType,
  sender_name: z.string(),
  content: z.string(),
  created_at: Timestamp,
});
export type LastMessage = z.infer<typeof LastMessage>;

export const AdminConversation = z.object({
  id: z.number().int(),
  /** active, or closed (closed by an admin: read-only, final). */
  status: ConversationStatus,
  client: ConversationParty,
  provider: ConversationParty,
  /** Messages not read by the moderation team (admins' own messages never count). */
  unread_messages: z.number().int(),
  /** Messages not deleted. */
  total_messages: z.number().int(),
  /** From creation to last activity, in French ('3 jours', '5 h', '12 min'). */
  duration: z.string(),
  created_at: Timestamp,
  /** Latest message, or creation time without one. */
  last_activity_at: Timestamp,
  closed_at: Timestamp.nullable(),
  last_message: LastMessage.nullable(),
});
export type AdminConversation = z.infer<typeof AdminConversation>;

export const AdminConversationPage = pageOf(AdminConversation);
export type AdminConversationPage = z.infer<typeof AdminConversationPage>;

export const ConversationStats = z.object({
  total_conversations: z.number().int(),
  conversations_with_unread: z.number().int(),
  /** Conversations with activity in the last 24 hours. */
  recent_conversations: z.number().int(),
  /** Messages not deleted. */
  total_messages: z.number().int(),
});
export type ConversationStats = z.infer<typeof ConversationStats>;

export const ConversationMessage = z.object({
  id: z.number().int(),
  sender_type: SenderType,
  sender_name: z.string(),
  content: z.string(),
  /** Read by the moderation team (an admin's own message always is). */
  is_read: z.boolean(),
  is_admin_message: z.boolean(),
  /** French relative time when answered ('Il y a 5 min'). */
  time_ago: z.string(),
  created_at: Timestamp,
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;

export const ConversationMessageList = z.array(ConversationMessage);
export type ConversationMessageList = z.infer<typeof ConversationMessageList>;

export const EMPTY_ADMIN_MESSAGE = 'Le message ne peut pas être vide';

export const AdminMessageBody = z.object({
  /** Trimmed; empty is refused with EMPTY_ADMIN_MESSAGE. */
  content: z
    .string({ message: 'Le message doit être un texte' })
    .trim()
    .max(ADMIN_MESSAGE_MAX_LENGTH, {
      message: `Le message ne peut pas dépasser ${ADMIN_MESSAGE_MAX_LENGTH} caractères`,
    })
    .refine(hasNoNulCharacter, { message: 'Le message contient un caractère non autorisé' })
    .default(''),
});
export type AdminMessageBody = z.infer<typeof AdminMessageBody>;

export const NO_CONVERSATION_SELECTED = 'Au moins une conversation doit être sélectionnée';

export const BulkMarkReadBody = z.object({
  /** Empty or absent is refused with NO_CONVERSATION_SELECTED. */
  conversation_ids: z
    .array(RowId, { message: 'Une liste d’identifiants de conversations est attendue' })
    .max(BULK_MARK_READ_MAX, {
      message: `Au plus ${BULK_MARK_READ_MAX} conversations peuvent être marquées à la fois`,
    })
    .nullish()
    .transform((value) => value ?? []),
});
export type BulkMarkReadBody = z.infer<typeof BulkMarkReadBody>;

export const MarkReadResult = z.object({
  /** Messages newly marked read by the moderation team. */
  marked_messages: z.number().int(),
});
export type MarkReadResult = z.infer<typeof MarkReadResult>;
