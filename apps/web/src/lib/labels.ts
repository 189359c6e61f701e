import type {
  DisputeStatus,
  DocumentType,
  NotificationPriority,
  NotificationType,
  OfferStatus,
  ProjectStatus,
  ReportStatus,
  ReportType,
  UserRole,
  VerificationStatusFilter,
} from '@kwanza/contract';
import type { MantineColor } from '@mantine/core';

/**
 * French label and badge colour of every contract enum shown by more than one screen: one map per
 * enum, so a value reads the same everywhere. Screens build their badges (`createStatusBadge`) and
 * select options (`optionsOf`) from these maps; no raw enum value reaches the screen.
 */
export interface EnumLabel {
  label: string;
  color: MantineColor;
}
export type LabelMap<V extends string> = Readonly<Record<V, EnumLabel>>;

export const USER_ROLE_LABELS: LabelMap<UserRole> = {
  client: { label: 'Client', color: 'teal' },
  provider: { label: 'Prestataire', color: 'blue' },
  admin: { label: 'Admin', color: 'grape' },
};

/** A verification's status; `not_started` when a user has none. */
export const VERIFICATION_STATUS_LABELS: LabelMap<VerificationStatusFilter> = {
  pending: { label: 'En attente', color: 'yellow' },
  verified: { label: 'Vérifié', color: 'green' },
  rejected: { label: 'Rejeté', color: 'red' },
  not_started: { label: 'Non démarré', color: 'gray' },
};

export const DOCUMENT_TYPE_LABELS: LabelMap<DocumentType> = {
  id_card: { label: "Carte d'identité", color: 'blue' },
  passport: { label: 'Passeport', color: 'grape' },
};

/**
 * A provider's account type. The spec says 'Individuel' in the verification filter and table and
 * 'Particulier' once in the detail modal; the list's word (two places of three) is kept everywhere.
 */
export type AccountType = 'individual' | 'business';
export const ACCOUNT_TYPE_LABELS: LabelMap<AccountType> = {
  individual: { label: 'Individuel', color: 'gray' },
  business: { label: 'Entreprise', color: 'indigo' },
};
export function accountTypeOf(isBusiness: boolean): AccountType {
  return isBusiness ? 'business' : 'individual';
}

export const PROJECT_STATUS_LABELS: LabelMap<ProjectStatus> = {
  open: { label: 'Ouvert', color: 'blue' },
  in_progress: { label: 'En cours', color: 'yellow' },
  completed: { label: 'Terminé', color: 'green' },
  cancelled: { label: 'Annulé', color: 'red' },
  closed: { label: 'Fermé', color: 'gray' },
  paused: { label: 'En pause', color: 'orange' },
};

export const OFFER_STATUS_LABELS: LabelMap<OfferStatus> = {
  pending: { label: 'En attente', color: 'yellow' },
  accepted: { label: 'Acceptée', color: 'green' },
  rejected: { label: 'Rejetée', color: 'red' },
  withdrawn: { label: 'Retirée', color: 'gray' },
};

export const DISPUTE_STATUS_LABELS: LabelMap<DisputeStatus> = {
  open: { label: 'En attente', color: 'yellow' },
  under_review: { label: "En cours d'examen", color: 'blue' },
  resolved: { label: 'Résolu', color: 'green' },
  closed: { label: 'Fermé', color: 'gray' },
};

export const REPORT_STATUS_LABELS: LabelMap<ReportStatus> = {
  pending: { label: 'En attente', color: 'yellow' },
  under_review: { label: "En cours d'examen", color: 'blue' },
  resolved: { label: 'Résolu', color: 'green' },
  dismissed: { label: 'Rejeté', color: 'gray' },
};

export const REPORT_TYPE_LABELS: LabelMap<ReportType> = {
  provider: { label: 'Prestataire', color: 'blue' },
  user: { label: 'Utilisateur', color: 'teal' },
  review: { label: 'Avis', color: 'grape' },
};

/**
 * Notification types: the spec's labels, and French labels of their own for the platform's types
 * (new_message…, shown by the bell), so no raw value reaches the screen.
 */
export const NOTIFICATION_TYPE_LABELS: LabelMap<NotificationType> = {
  message: { label: 'Nouveau message', color: 'blue' },
  review: { label: 'Nouvel avis', color: 'yellow' },
  favorite: { label: 'Nouveau favoris', color: 'pink' },
  dispute: { label: 'Litige', color: 'red' },
  system: { label: 'Notification système', color: 'gray' },
  quote_request: { label: 'Demande de devis', color: 'indigo' },
  quote_accepted: { label: 'Devis accepté', color: 'green' },
  quote_rejected: { label: 'Devis rejeté', color: 'red' },
  quote_completed: { label: 'Devis terminé', color: 'teal' },
  new_offer: { label: 'Nouvelle offre', color: 'indigo' },
  offer_accepted: { label: 'Offre acceptée', color: 'green' },
  offer_rejected: { label: 'Offre rejetée', color: 'red' },
  new_message: { label: 'Message reçu', color: 'blue' },
  new_review: { label: 'Avis reçu', color: 'yellow' },
  new_dispute: { label: 'Nouveau litige', color: 'red' },
  new_project: { label: 'Nouveau projet', color: 'indigo' },
  verification_pending: { label: 'Vérification en attente', color: 'yellow' },
  verification_approved: { label: 'Vérification approuvée', color: 'green' },
  verification_rejected: { label: 'Vérification rejetée', color: 'red' },
};

/** The types an admin picks when writing a notification: the spec's twelve. */
export const WRITABLE_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'message',
  'review',
  'favorite',
  'dispute',
  'system',
  'quote_request',
  'quote_accepted',
  'quote_rejected',
  'quote_completed',
  'new_offer',
  'offer_accepted',
  'offer_rejected',
];

/** Priority badges: normal shows none (the spec). */
export const NOTIFICATION_PRIORITY_LABELS: LabelMap<Exclude<NotificationPriority, 'normal'>> = {
  low: { label: 'Basse', color: 'gray' },
  high: { label: 'Haute', color: 'orange' },
  urgent: { label: 'Urgente', color: 'red' },
};

/** The label of a value, or a neutral 'Inconnu' for a value the console does not know yet. */
export function labelOf<V extends string>(map: LabelMap<V>, value: V | string): EnumLabel {
  return (map as Record<string, EnumLabel | undefined>)[value] ?? { label: 'Inconnu', color: 'gray' };
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * Options of a filter select, in the map's order (or `only` these values, in that order), after an
 * optional first 'all' option whose value is ''.
 */
export function optionsOf<V extends string>(
  map: LabelMap<V>,
  options: { all?: string; only?: readonly V[] } = {},
): SelectOption[] {
  const values = options.only ?? (Object.keys(map) as V[]);
  const items = values.map((value) => ({ value, label: map[value].label }));
  return options.all === undefined ? items : [{ value: '', label: options.all }, ...items];
}
