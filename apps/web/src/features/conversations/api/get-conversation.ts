import { AdminConversation } from '@kwanza/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getConversation(id: string, signal?: AbortSignal): Promise<AdminConversation> {
  return apiFetch(`/admin/conversations/${encodeURIComponent(id)}/`, AdminConversation, { signal });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: queryKeys.conversations.detail(id),
    queryFn: ({ signal }) => getConversation(id, signal),
  });
}
