import { NotificationFeed } from '@kwanza/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The bell polls every 30 seconds (and when the window regains focus). */
export const FEED_REFRESH_MS = 30_000;

export function getNotificationFeed(signal?: AbortSignal): Promise<NotificationFeed> {
  return apiFetch('/admin/notifications/feed/', NotificationFeed, { signal });
}

export function useNotificationFeed() {
  return useQuery({
    queryKey: queryKeys.notifications.feed,
    queryFn: ({ signal }) => getNotificationFeed(signal),
    refetchInterval: FEED_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}
