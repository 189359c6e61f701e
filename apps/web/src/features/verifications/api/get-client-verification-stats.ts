import type { ClientVerificationStats } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VERIFICATION_STALE_TIME, verificationKeys } from './verification-keys';
import { verificationRequest } from './verification-request';

export function getClientVerificationStats(signal?: AbortSignal): Promise<ClientVerificationStats> {
  return verificationRequest<ClientVerificationStats>('/admin/client-verification/stats/', { signal });
}

export function clientVerificationStatsQueryOptions() {
  return queryOptions({
    queryKey: verificationKeys.clientStats,
    queryFn: ({ signal }) => getClientVerificationStats(signal),
    staleTime: VERIFICATION_STALE_TIME,
  });
}

export function useClientVerificationStats() {
  return useQuery(clientVerificationStatsQueryOptions());
}
