import type { ProjectStatus } from '@kwanza/contract';
import { optionsOf, PROJECT_STATUS_LABELS } from '../../lib/labels';

/** The six statuses in the order of the administration selector. */
export const PROJECT_STATUS_OPTIONS = optionsOf(PROJECT_STATUS_LABELS);

/** The list's status filter: completed also shows closed projects. */
export const PROJECT_FILTER_OPTIONS = optionsOf(PROJECT_STATUS_LABELS, {
  only: ['open', 'in_progress', 'completed', 'cancelled'],
});

export function isProjectStatus(value: string | null): value is ProjectStatus {
  return value !== null && value in PROJECT_STATUS_LABELS;
}
