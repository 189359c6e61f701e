import { AdminConversation } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function closeConversation(id: string): Promise<AdminConversation> {
  return apiFetch(`/admin/conversations/${encodeURIComponent(id)}/close_conversation/`, AdminConversation, {
    method: 'POST',
  });
}

export function useCloseConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeConversation(id),
    onSuccess: (conversation) => queryClient.setQueryData(queryKeys.conversations.detail(id), conversation),
    meta: { invalidates: [queryKeys.conversations.all] },
  });
}
