import { DisputeDetail, type UpdateDisputeStatusBody } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function updateDisputeStatus(id: string, body: UpdateDisputeStatusBody): Promise<DisputeDetail> {
  return apiFetch(`/disputes/${encodeURIComponent(id)}/update_status/`, DisputeDetail, {
    method: 'POST',
    body,
  });
}

/** Saves status and note; the detail takes the answer at once, lists, statistics and dashboard reload. */
export function useUpdateDisputeStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDisputeStatusBody) => updateDisputeStatus(id, body),
    onSuccess: (dispute) => queryClient.setQueryData(queryKeys.disputes.detail(id), dispute),
    meta: { invalidates: [queryKeys.disputes.all, queryKeys.dashboard.all] },
  });
}
