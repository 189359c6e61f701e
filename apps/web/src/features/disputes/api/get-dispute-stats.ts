import { DisputeStats } from '@kwanza/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getDisputeStats(signal?: AbortSignal): Promise<DisputeStats> {
  return apiFetch('/disputes/stats/', DisputeStats, { signal });
}

/** Loaded only while the statistics are shown. */
export function useDisputeStats(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.disputes.stats,
    queryFn: ({ signal }) => getDisputeStats(signal),
    enabled,
  });
}
