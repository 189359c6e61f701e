import { DisputeDetail } from '@kwanza/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getDispute(id: string, signal?: AbortSignal): Promise<DisputeDetail> {
  return apiFetch(`/disputes/${encodeURIComponent(id)}/`, DisputeDetail, { signal });
}

export function useDispute(id: string) {
  return useQuery({
    queryKey: queryKeys.disputes.detail(id),
    queryFn: ({ signal }) => getDispute(id, signal),
  });
}
