import { type NotificationListQuery, NotificationPage, NotificationStats } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type NotificationListFilters = Partial<NotificationListQuery>;

export function listNotifications(
  filters: NotificationListFilters,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return apiFetch('/admin/notifications/', NotificationPage, { query: { ...filters }, signal });
}

export function useNotifications(filters: NotificationListFilters) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.notifications.list(filters),
      queryFn: ({ signal }) => listNotifications(filters, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

export function getNotificationStats(signal?: AbortSignal): Promise<NotificationStats> {
  return apiFetch('/admin/notifications/stats/', NotificationStats, { signal });
}

export function useNotificationStats() {
  return useQuery({
    queryKey: queryKeys.notifications.stats,
    queryFn: ({ signal }) => getNotificationStats(signal),
  });
}
