import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function deleteMessage(messageId: number): Promise<void> {
  return apiRequest<void>(`/admin/messages/${messageId}/delete/`, { method: 'DELETE' });
}

export function useDeleteMessage() {
  return useMutation({
    mutationFn: deleteMessage,
    meta: { invalidates: [queryKeys.conversations.all] },
  });
}
