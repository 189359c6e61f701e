import { ProviderVerificationPage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { type ProviderVerificationListParams, VERIFICATION_STALE_TIME } from './verification-keys';
import { verificationFetch } from './verification-request';

export function listProviderVerifications(
  params: ProviderVerificationListParams,
  signal?: AbortSignal,
): Promise<ProviderVerificationPage> {
  return verificationFetch('/admin/provider-verification/', ProviderVerificationPage, {
    query: { ...params },
    signal,
  });
}

export function providerVerificationsQueryOptions(params: ProviderVerificationListParams) {
  return queryOptions({
    queryKey: queryKeys.verifications.providerList(params),
    queryFn: ({ signal }) => listProviderVerifications(params, signal),
    placeholderData: keepPreviousData,
    staleTime: VERIFICATION_STALE_TIME,
  });
}

export function useProviderVerifications(params: ProviderVerificationListParams, enabled = true) {
  return useQuery({ ...providerVerificationsQueryOptions(params), enabled });
}
