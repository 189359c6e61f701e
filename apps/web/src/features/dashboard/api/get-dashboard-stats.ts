import type { DashboardStats } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';

export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest<DashboardStats>('/admin/dashboard/stats/', { signal });
}

export function dashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'stats'],
    queryFn: ({ signal }) => getDashboardStats(signal),
  });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
