import type { ProjectStats } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';

/** The project statistics the dashboard charts use (same query key as the projects screen's). */
export function getProjectStats(signal?: AbortSignal): Promise<ProjectStats> {
  return apiRequest<ProjectStats>('/admin/projects/stats/', { signal });
}

export function projectStatsQueryOptions() {
  return queryOptions({ queryKey: ['projects', 'stats'], queryFn: ({ signal }) => getProjectStats(signal) });
}

export function useProjectStats() {
  return useQuery(projectStatsQueryOptions());
}
