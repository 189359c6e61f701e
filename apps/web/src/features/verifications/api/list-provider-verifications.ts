import type { ProviderVerificationPage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ProviderVerificationListParams,
  VERIFICATION_STALE_TIME,
  verificationKeys,
} from './verification-keys';
import { verificationRequest } from './verification-request';

export function listProviderVerifications(
  params: ProviderVerificationListParams,
  signal?: AbortSignal,
): Promise<ProviderVerificationPage> {
  return verificationRequest<ProviderVerificationPage>('/admin/provider-verification/', {
    query: { ...params },
    signal,
  });
}

export function providerVerificationsQueryOptions(params: ProviderVerificationListParams) {
  return queryOptions({
    queryKey: verificationKeys.providerList(params),
    queryFn: ({ signal }) => listProviderVerifications(params, signal),
    placeholderData: keepPreviousData,
    staleTime: VERIFICATION_STALE_TIME,
  });
}

export function useProviderVerifications(params: ProviderVerificationListParams, enabled = true) {
  return useQuery({ ...providerVerificationsQueryOptions(params), enabled });
}
