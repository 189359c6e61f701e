import { ProjectStats } from '@kwanza/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './http';
import { queryKeys } from './query-keys';

/**
 * The project statistics, read by two screens (the projects headline and the dashboard's cards and
 * chart): one query, defined once here since features do not import each other.
 */
export function getProjectStats(signal?: AbortSignal): Promise<ProjectStats> {
  return apiFetch('/admin/projects/stats/', ProjectStats, { signal });
}

export function projectStatsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.projects.stats,
    queryFn: ({ signal }) => getProjectStats(signal),
  });
}
