import { DashboardStats } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiFetch('/admin/dashboard/stats/', DashboardStats, { signal });
}

export function dashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard.stats,
    queryFn: ({ signal }) => getDashboardStats(signal),
  });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
