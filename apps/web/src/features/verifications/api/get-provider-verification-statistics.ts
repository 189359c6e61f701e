import type { ProviderVerificationStatistics } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VERIFICATION_STALE_TIME, verificationKeys } from './verification-keys';
import { verificationRequest } from './verification-request';

export function getProviderVerificationStatistics(
  signal?: AbortSignal,
): Promise<ProviderVerificationStatistics> {
  return verificationRequest<ProviderVerificationStatistics>('/admin/provider-verification/statistics/', {
    signal,
  });
}

export function providerVerificationStatisticsQueryOptions() {
  return queryOptions({
    queryKey: verificationKeys.providerStatistics,
    queryFn: ({ signal }) => getProviderVerificationStatistics(signal),
    staleTime: VERIFICATION_STALE_TIME,
  });
}

export function useProviderVerificationStatistics() {
  return useQuery(providerVerificationStatisticsQueryOptions());
}
