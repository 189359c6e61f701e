import { ConversationMessageList } from '@kwanza/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listMessages(id: string, signal?: AbortSignal): Promise<ConversationMessageList> {
  return apiFetch(`/admin/conversations/${encodeURIComponent(id)}/messages/`, ConversationMessageList, {
    signal,
  });
}

/** The thread, oldest first; loaded once the conversation is known to exist. */
export function useMessages(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.conversations.messages(id),
    queryFn: ({ signal }) => listMessages(id, signal),
    enabled,
  });
}
