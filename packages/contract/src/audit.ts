import { z } from 'zod';
import { decimalInteger, MAX_ROW_ID, pageOf, paginationQuery, SearchText, Timestamp } from './common.js';

/*
 * The audit journal: one append-only entry per administrator action on one object (bulk actions:
 * one per object), per login attempt and per look at private data (identity documents, dispute
 * evidence, a conversation's messages). Entries are never changed nor removed through the API.
 */

export const AUDIT_PAGE_SIZE = 25;

/**
 * Every action code, stable over time (`<object>.<verb>`). A new write route adds its code here (and
 * its French label in the console's lib/labels.ts), then declares it in its route options:
 * `config: { audit: { action: 'notification.delete', object: 'notification' } }`.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.password_change',
  'auth.password_reset',
  'auth.profile_update',
  'auth.preferences_update',
  'user.update',
  'user.delete',
  'user.toggle_status',
  'user.toggle_verification',
  'provider.set_verified',
  'provider_verification.approve',
  'provider_verification.reject',
  'provider_verification.view_documents',
  'provider_verification.export',
  'client_verification.approve',
  'client_verification.reject',
  'client_verification.reset',
  'client_verification.view_documents',
  'project.update',
  'project.delete',
  'category.create',
  'category.update',
  'category.delete',
  'subcategory.create',
  'subcategory.update',
  'subcategory.delete',
  'dispute.update_status',
  'dispute.view_evidence',
  'report.update_status',
  'conversation.mark_read',
  'conversation.close',
  'conversation.add_message',
  'conversation.delete_message',
  'conversation.read_messages',
  'notification.create',
  'notification.update',
  'notification.mark_read',
  'notification.delete',
  'notification.broadcast',
  'audit.export',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** The French label of each action, shared by the console and the CSV export. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.login': 'Connexion',
  'auth.login_failed': 'Échec de connexion',
  'auth.logout': 'Déconnexion',
  'auth.password_change': 'Changement de mot de passe',
  'auth.password_reset': 'Réinitialisation du mot de passe (démarrage)',
  'auth.profile_update': 'Modification de son profil',
  'auth.preferences_update': 'Modification de ses préférences',
  'user.update': "Modification d'un utilisateur",
  'user.delete': "Suppression d'un utilisateur",
  'user.toggle_status': "Activation ou désactivation d'un utilisateur",
  'user.toggle_verification': "Vérification d'un utilisateur modifiée",
  'provider.set_verified': "Vérification d'un prestataire modifiée",
  'provider_verification.approve': "Approbation d'une vérification de prestataire",
  'provider_verification.reject': "Rejet d'une vérification de prestataire",
  'provider_verification.view_documents': "Consultation des pièces d'identité d'un prestataire",
  'provider_verification.export': 'Export des vérifications des prestataires',
  'client_verification.approve': "Approbation d'une vérification de client",
  'client_verification.reject': "Rejet d'une vérification de client",
  'client_verification.reset': "Réinitialisation d'une vérification de client",
  'client_verification.view_documents': "Consultation des pièces d'identité d'un client",
  'project.update': "Modification d'un projet",
  'project.delete': "Suppression d'un projet",
  'category.create': "Création d'une catégorie",
  'category.update': "Modification d'une catégorie",
  'category.delete': "Suppression d'une catégorie",
  'subcategory.create': "Création d'une sous-catégorie",
  'subcategory.update': "Modification d'une sous-catégorie",
  'subcategory.delete': "Suppression d'une sous-catégorie",
  'dispute.update_status': "Changement de statut d'un litige",
  'dispute.view_evidence': "Consultation des preuves d'un litige",
  'report.update_status': "Changement de statut d'un signalement",
  'conversation.mark_read': 'Conversation marquée comme lue',
  'conversation.close': "Fermeture d'une conversation",
  'conversation.add_message': "Message de l'administration",
  'conversation.delete_message': "Suppression d'un message",
  'conversation.read_messages': "Lecture des messages d'une conversation",
  'notification.create': "Envoi d'une notification",
  'notification.update': "Modification d'une notification",
  'notification.mark_read': 'Notification marquée comme lue',
  'notification.delete': "Suppression d'une notification",
  'notification.broadcast': 'Notification envoyée à tous les utilisateurs',
  'audit.export': "Export du journal d'audit",
};

/** The French label of an action code; an unknown (older) code is shown as it is. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** Kinds of objects an entry may be about (each has a screen in the console). */
export const AUDIT_OBJECT_TYPES = [
  'user',
  'provider',
  'provider_verification',
  'client_verification',
  'project',
  'category',
  'subcategory',
  'dispute',
  'report',
  'conversation',
  'notification',
] as const;
export const AuditObjectType = z.enum(AUDIT_OBJECT_TYPES);
export type AuditObjectType = z.infer<typeof AuditObjectType>;

export const AUDIT_OBJECT_TYPE_LABELS: Record<AuditObjectType, string> = {
  user: 'Utilisateur',
  provider: 'Prestataire',
  provider_verification: 'Vérification de prestataire',
  client_verification: 'Vérification de client',
  project: 'Projet',
  category: 'Catégorie',
  subcategory: 'Sous-catégorie',
  dispute: 'Litige',
  report: 'Signalement',
  conversation: 'Conversation',
  notification: 'Notification',
};

/** A JSON value as recorded (text, number, boolean, null; arrays and objects for list fields). */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };
export const AuditValue: z.ZodType<AuditValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(AuditValue),
    z.record(z.string(), AuditValue),
  ]),
);

/** One changed field: its value before and after the action (null before a creation, after a deletion). */
export const AuditChange = z.object({
  field: z.string(),
  before: AuditValue,
  after: AuditValue,
});
export type AuditChange = z.infer<typeof AuditChange>;

export const AuditEntry = z.object({
  id: z.number().int(),
  created_at: Timestamp,
  /** The admin who acted, with the name kept at the time; null for the platform itself or an unknown login. */
  admin: z.object({ id: z.number().int().nullable(), label: z.string() }).nullable(),
  /** Request id (the `X-Request-Id` answered to the console), to match the server's logs. */
  request_id: z.string().nullable(),
  /** Client address of the request. */
  ip_address: z.string().nullable(),
  /** Stable action code (see AUDIT_ACTIONS); older codes stay readable. */
  action: z.string(),
  /** What the action was about, with its readable label kept at the time; null for exports. */
  object: z.object({ type: z.string(), id: z.number().int().nullable(), label: z.string() }).nullable(),
  /** The changed fields, before and after; empty for reads and logins. Secrets never appear. */
  changes: z.array(AuditChange),
  /** Context that is not a field of the object: a reason of a failed login, the filters of an export… */
  details: z.record(z.string(), AuditValue).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const PERIOD_DATE_MESSAGE = 'Date attendue au format AAAA-MM-JJ';

/** A calendar day of the period filter (Luanda time), or '' for none. */
const PeriodDate = z
  .union([z.literal(''), z.iso.date({ message: PERIOD_DATE_MESSAGE })], { message: PERIOD_DATE_MESSAGE })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const OptionalId = z
  .union(
    [
      z.literal(''),
      decimalInteger('Un identifiant numérique est attendu').pipe(
        z.number().int().positive().max(MAX_ROW_ID, { message: "L'identifiant est trop grand" }),
      ),
    ],
    { message: 'Un identifiant numérique positif est attendu' },
  )
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * The journal's filters (shared by the list and the export). The API also answers 400 for an
 * `object_id` without `object_type` and for a period that ends before it starts.
 */
export const AuditFilters = z.object({
  /** The acting admin's user id. */
  admin: OptionalId,
  action: z
    .union([z.literal(''), AuditAction], { message: 'Action inconnue' })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  object_type: z
    .union([z.literal(''), AuditObjectType], { message: "Type d'objet inconnu" })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  /** With `object_type`: one object's history. */
  object_id: OptionalId,
  /** First and last day of the period, inclusive, in Luanda time (UTC+1). */
  date_from: PeriodDate,
  date_to: PeriodDate,
  /** Admin name, object label, action code, address; case- and accent-insensitive. */
  search: SearchText,
});
export type AuditFilters = z.infer<typeof AuditFilters>;

export const OBJECT_ID_NEEDS_TYPE = "Un identifiant d'objet demande aussi son type (object_type)";
export const PERIOD_REVERSED = 'La date de début doit précéder la date de fin';

export const AuditListQuery = paginationQuery(AUDIT_PAGE_SIZE).extend(AuditFilters.shape);
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditExportQuery = AuditFilters;
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;
