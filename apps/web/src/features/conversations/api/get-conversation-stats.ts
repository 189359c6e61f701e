import { ConversationStats } from '@kwanza/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getConversationStats(signal?: AbortSignal): Promise<ConversationStats> {
  return apiFetch('/admin/conversations/stats/', ConversationStats, { signal });
}

export function useConversationStats() {
  return useQuery({
    queryKey: queryKeys.conversations.stats,
    queryFn: ({ signal }) => getConversationStats(signal),
  });
}
