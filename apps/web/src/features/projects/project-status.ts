import type { OfferStatus, ProjectStatus } from '@kwanza/contract';
import type { MantineColor } from '@mantine/core';

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  open: 'Ouvert',
  in_progress: 'En cours',
  completed: 'Terminé',
  cancelled: 'Annulé',
  closed: 'Fermé',
  paused: 'En pause',
};

export const PROJECT_STATUS_COLORS: Record<ProjectStatus, MantineColor> = {
  open: 'blue',
  in_progress: 'yellow',
  completed: 'green',
  cancelled: 'red',
  closed: 'gray',
  paused: 'orange',
};

/** The six statuses in the order of the administration selector. */
export const PROJECT_STATUS_OPTIONS = (Object.keys(PROJECT_STATUS_LABELS) as ProjectStatus[]).map(
  (status) => ({
    value: status,
    label: PROJECT_STATUS_LABELS[status],
  }),
);

/** The list's status filter: completed also shows closed projects. */
export const PROJECT_FILTER_STATUSES: ProjectStatus[] = ['open', 'in_progress', 'completed', 'cancelled'];

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'En attente',
  accepted: 'Acceptée',
  rejected: 'Rejetée',
  withdrawn: 'Retirée',
};

export const OFFER_STATUS_COLORS: Record<OfferStatus, MantineColor> = {
  pending: 'yellow',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};

export function isProjectStatus(value: string | null): value is ProjectStatus {
  return value !== null && value in PROJECT_STATUS_LABELS;
}
