import { MarkReadResult } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function bulkMarkRead(conversationIds: readonly number[]): Promise<MarkReadResult> {
  return apiFetch('/admin/conversations/bulk-mark-read/', MarkReadResult, {
    method: 'POST',
    body: { conversation_ids: conversationIds },
  });
}

export function markAllRead(id: string): Promise<MarkReadResult> {
  return apiFetch(`/admin/conversations/${encodeURIComponent(id)}/mark_all_read/`, MarkReadResult, {
    method: 'POST',
  });
}

/** Marks the selected conversations read by the moderation team; every conversation view reloads. */
export function useBulkMarkRead() {
  return useMutation({
    mutationFn: bulkMarkRead,
    meta: { invalidates: [queryKeys.conversations.all] },
  });
}

export function useMarkAllRead(id: string) {
  return useMutation({
    mutationFn: () => markAllRead(id),
    meta: { invalidates: [queryKeys.conversations.all] },
  });
}
