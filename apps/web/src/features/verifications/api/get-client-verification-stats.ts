import { ClientVerificationStats } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { VERIFICATION_STALE_TIME } from './verification-keys';
import { verificationFetch } from './verification-request';

export function getClientVerificationStats(signal?: AbortSignal): Promise<ClientVerificationStats> {
  return verificationFetch('/admin/client-verification/stats/', ClientVerificationStats, { signal });
}

export function clientVerificationStatsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.verifications.clientStats,
    queryFn: ({ signal }) => getClientVerificationStats(signal),
    staleTime: VERIFICATION_STALE_TIME,
  });
}

export function useClientVerificationStats() {
  return useQuery(clientVerificationStatsQueryOptions());
}
