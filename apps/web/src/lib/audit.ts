import {
  AUDIT_OBJECT_TYPE_LABELS,
  type AuditChange,
  AuditEntry,
  type AuditListQuery,
  AuditPage,
  type AuditValue,
  auditActionLabel,
} from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { formatDateTime, formatNumber } from './format';
import { apiFetch } from './http';
import {
  DISPUTE_STATUS_LABELS,
  type LabelMap,
  labelOf,
  NOTIFICATION_PRIORITY_LABELS,
  NOTIFICATION_TYPE_LABELS,
  PROJECT_STATUS_LABELS,
  REPORT_STATUS_LABELS,
  USER_ROLE_LABELS,
  VERIFICATION_STATUS_LABELS,
} from './labels';
import { queryKeys } from './query-keys';

/*
 * The audit journal as the console reads it: the calls (shared by the /audit screen and the
 * 'Historique' sections of the detail screens) and the French wording of its entries — actions,
 * fields, values, summaries and the screen each object links to.
 */

export type AuditFilters = Partial<AuditListQuery>;

export function listAuditEntries(filters: AuditFilters, signal?: AbortSignal): Promise<AuditPage> {
  return apiFetch('/admin/audit/', AuditPage, { query: { ...filters }, signal });
}

export function getAuditEntry(id: number, signal?: AbortSignal): Promise<AuditEntry> {
  return apiFetch(`/admin/audit/${id}/`, AuditEntry, { signal });
}

export function useAuditEntries(filters: AuditFilters, options: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.audit.list(filters),
      queryFn: ({ signal }) => listAuditEntries(filters, signal),
      placeholderData: keepPreviousData,
      enabled: options.enabled ?? true,
    }),
  );
}

export function useAuditEntry(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.audit.detail(id ?? 0),
      queryFn: ({ signal }) => getAuditEntry(id ?? 0, signal),
      enabled: id !== null,
    }),
  );
}

/** 'Rejet d'une vérification de prestataire'; an unknown (older) code as it is. */
export function actionLabel(action: string): string {
  return auditActionLabel(action);
}

export function objectTypeLabel(type: string): string {
  return (AUDIT_OBJECT_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** Who acted: the admin's name kept at the time, 'Plateforme' for the server itself. */
export function actorLabel(entry: Pick<AuditEntry, 'admin' | 'action'>): string {
  if (entry.admin) return entry.admin.label;
  return entry.action === 'auth.login_failed' ? 'Inconnu' : 'Plateforme';
}

const FIELD_LABELS: Record<string, string> = {
  username: "Nom d'utilisateur",
  first_name: 'Prénom',
  last_name: 'Nom',
  email: 'Email',
  phone_number: 'Téléphone',
  role: 'Rôle',
  is_active: 'Actif',
  is_verified: 'Vérifié',
  deleted_at: 'Supprimé le',
  verification_status: 'Statut',
  rejection_reason: 'Raison du rejet',
  admin_notes: 'Notes administratives',
  title: 'Titre',
  status: 'Statut',
  category_id: 'Catégorie (ID)',
  subcategory_id: 'Sous-catégorie (ID)',
  name: 'Nom',
  description: 'Description',
  icon: 'Icône',
  image_url: "URL de l'image",
  resolution_note: 'Note de résolution',
  unread_messages: 'Messages non lus',
  total_messages: 'Messages',
  message: 'Message',
  notification_type: 'Type',
  priority: 'Priorité',
  is_read: 'Lue',
  user_id: 'Destinataire (ID)',
  'notifications.email_notifications': 'Notifications par email',
  'notifications.push_notifications': 'Notifications push',
  'notifications.new_messages': 'Nouveaux messages',
  'notifications.new_disputes': 'Nouveaux litiges',
  'notifications.status_updates': 'Mises à jour de statut',
  'notifications.marketing_emails': 'Emails marketing',
  'application.language': 'Langue',
  'application.timezone': 'Fuseau horaire',
  'application.theme': 'Thème',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

const PRIORITY_LABELS = {
  ...NOTIFICATION_PRIORITY_LABELS,
  normal: { label: 'Normale', color: 'gray' },
} as const;

const CONVERSATION_STATUS_LABELS = {
  active: { label: 'Active', color: 'green' },
  closed: { label: 'Fermée', color: 'gray' },
} as const;

/** Label maps of the enum fields, per object type. */
const ENUM_FIELDS: Record<string, Record<string, LabelMap<string>>> = {
  user: { role: USER_ROLE_LABELS },
  provider_verification: { verification_status: VERIFICATION_STATUS_LABELS },
  client_verification: { verification_status: VERIFICATION_STATUS_LABELS },
  project: { status: PROJECT_STATUS_LABELS },
  dispute: { status: DISPUTE_STATUS_LABELS },
  report: { status: REPORT_STATUS_LABELS },
  conversation: { status: CONVERSATION_STATUS_LABELS },
  notification: { notification_type: NOTIFICATION_TYPE_LABELS, priority: PRIORITY_LABELS },
};

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value in French: enum labels, Oui / Non, dates, '—' for none. */
export function formatAuditValue(objectType: string | undefined, field: string, value: AuditValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') {
    const labels = objectType ? ENUM_FIELDS[objectType]?.[field] : undefined;
    if (labels) return labelOf(labels, value).label === 'Inconnu' ? value : labelOf(labels, value).label;
    return TIMESTAMP.test(value) ? formatDateTime(value) : value;
  }
  return JSON.stringify(value);
}

/** 'Statut : En attente → Rejeté' */
export function describeChange(objectType: string | undefined, change: AuditChange): string {
  return `${fieldLabel(change.field)} : ${formatAuditValue(objectType, change.field, change.before)} → ${formatAuditValue(
    objectType,
    change.field,
    change.after,
  )}`;
}

const LOGIN_FAILURES: Record<string, string> = {
  invalid_credentials: 'Identifiants incorrects',
  account_inactive: 'Compte désactivé',
  not_admin: 'Compte non administrateur',
  throttled: 'Trop de tentatives',
};

const DOCUMENT_LABELS: Record<string, string> = {
  id_card_front: 'Recto de la carte',
  id_card_back: 'Verso de la carte',
  passport_image: 'Passeport',
  selfie_image: 'Selfie',
};

/** What an entry without changed fields says (a login, a look at documents, an export…). */
function describeDetails(entry: AuditEntry): string[] {
  const details = entry.details ?? {};
  const lines: string[] = [];
  if (typeof details.reason === 'string') lines.push(LOGIN_FAILURES[details.reason] ?? details.reason);
  if (typeof details.email === 'string' && entry.action === 'auth.login_failed' && !entry.object) {
    lines.push(`Adresse saisie : ${details.email}`);
  }
  if (Array.isArray(details.documents)) {
    const names = details.documents.map((name) => DOCUMENT_LABELS[String(name)] ?? String(name));
    lines.push(names.length > 0 ? `Documents : ${names.join(', ')}` : 'Aucun document');
  }
  if (Array.isArray(details.evidence))
    lines.push(`Preuves consultées : ${formatNumber(details.evidence.length)}`);
  if (typeof details.messages === 'number') lines.push(`Messages lus : ${formatNumber(details.messages)}`);
  if (typeof details.content === 'string') lines.push(`Message : ${details.content}`);
  if (details.filters && typeof details.filters === 'object' && !Array.isArray(details.filters)) {
    const filters = Object.entries(details.filters).map(([key, value]) => `${key} = ${String(value)}`);
    lines.push(filters.length > 0 ? `Filtres : ${filters.join(', ')}` : 'Sans filtre');
  }
  if (typeof details.recipients === 'number') {
    if (typeof details.title === 'string') lines.push(`Titre : ${details.title}`);
    lines.push(`Destinataires : ${formatNumber(details.recipients)}`);
  }
  if (details.bulk === true) lines.push('Action groupée');
  return lines;
}

/** The summary lines of an entry: its changes, else what its details tell. */
export function summarizeEntry(entry: AuditEntry): string[] {
  const changes = entry.changes.map((change) => describeChange(entry.object?.type, change));
  return changes.length > 0 ? changes : describeDetails(entry);
}

/** Every line the detail shows besides the changes table. */
export function detailLines(entry: AuditEntry): string[] {
  return describeDetails(entry);
}

/** The e-mail at the end of a person's label: 'Ana Costa (ana@kwanza.ao)' → 'ana@kwanza.ao'. */
function emailOf(label: string): string | undefined {
  return /\(([^()\s]+@[^()\s]+)\)$/.exec(label)?.[1];
}

/** The console screen of an entry's object, when it has one. */
export function objectPath(object: NonNullable<AuditEntry['object']>): string | undefined {
  const search = (text: string) => `?search=${encodeURIComponent(text)}`;
  switch (object.type) {
    case 'user':
      return `/users${search(emailOf(object.label) ?? object.label)}`;
    case 'provider':
      return `/providers${search(emailOf(object.label) ?? object.label)}`;
    case 'provider_verification':
      return object.id === null ? '/user-verification' : `/user-verification?verification=${object.id}`;
    case 'client_verification':
      return object.id === null ? '/user-verification' : `/user-verification?tab=clients&client=${object.id}`;
    case 'project':
      return object.id === null ? '/projects' : `/projects/${object.id}`;
    case 'dispute':
      return object.id === null ? '/disputes' : `/disputes/${object.id}`;
    case 'conversation':
      return object.id === null ? '/conversations' : `/conversations/${object.id}`;
    case 'report':
      return '/reports';
    case 'category':
    case 'subcategory':
      return '/categories';
    case 'notification':
      return '/notifications';
    default:
      return undefined;
  }
}

/** The /audit screen filtered on one object's history. */
export function objectHistoryPath(type: string, id: number): string {
  return `/audit?object_type=${encodeURIComponent(type)}&object_id=${id}`;
}

/** 'Prénom Nom', else the username (the admin filter's options). */
export function displayPersonName(person: {
  first_name: string;
  last_name: string;
  username: string;
}): string {
  return `${person.first_name} ${person.last_name}`.trim() || person.username;
}
