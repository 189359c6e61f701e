import { ConversationMessage } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function addAdminMessage(id: string, content: string): Promise<ConversationMessage> {
  return apiFetch(`/admin/conversations/${encodeURIComponent(id)}/add_admin_message/`, ConversationMessage, {
    method: 'POST',
    body: { content },
  });
}

export function useAddAdminMessage(id: string) {
  return useMutation({
    mutationFn: (content: string) => addAdminMessage(id, content),
    meta: { invalidates: [queryKeys.conversations.all] },
  });
}
