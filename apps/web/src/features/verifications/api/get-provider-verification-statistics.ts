import { ProviderVerificationStatistics } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { VERIFICATION_STALE_TIME } from './verification-keys';
import { verificationFetch } from './verification-request';

export function getProviderVerificationStatistics(
  signal?: AbortSignal,
): Promise<ProviderVerificationStatistics> {
  return verificationFetch('/admin/provider-verification/statistics/', ProviderVerificationStatistics, {
    signal,
  });
}

export function providerVerificationStatisticsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.verifications.providerStatistics,
    queryFn: ({ signal }) => getProviderVerificationStatistics(signal),
    staleTime: VERIFICATION_STALE_TIME,
  });
}

export function useProviderVerificationStatistics() {
  return useQuery(providerVerificationStatisticsQueryOptions());
}
