import { DisputeDetail } from '@kwanza/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { refreshBeforeExpiry } from '../../../lib/signed-links';

export function getDispute(id: string, signal?: AbortSignal): Promise<DisputeDetail> {
  return apiFetch(`/disputes/${encodeURIComponent(id)}/`, DisputeDetail, { signal });
}

/**
 * The dispute's case file. Its evidence files are signed links that expire after a few minutes: while
 * the detail is open it is fetched again before they do, and when the admin comes back to the tab.
 */
export function useDispute(id: string) {
  return useQuery({
    queryKey: queryKeys.disputes.detail(id),
    queryFn: ({ signal }) => getDispute(id, signal),
    refetchInterval: (query) =>
      refreshBeforeExpiry(query.state.data?.evidence.map((item) => item.file) ?? []),
    refetchOnWindowFocus: true,
  });
}
