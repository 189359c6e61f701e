import type { ProviderVerification } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VERIFICATION_DETAIL_STALE_TIME, verificationKeys } from './verification-keys';
import { verificationRequest } from './verification-request';

export function getProviderVerification(id: number, signal?: AbortSignal): Promise<ProviderVerification> {
  return verificationRequest<ProviderVerification>(`/admin/provider-verification/${id}/`, { signal });
}

export function providerVerificationQueryOptions(id: number) {
  return queryOptions({
    queryKey: verificationKeys.providerDetail(id),
    queryFn: ({ signal }) => getProviderVerification(id, signal),
    staleTime: VERIFICATION_DETAIL_STALE_TIME,
  });
}

export function useProviderVerification(id: number | null) {
  return useQuery({ ...providerVerificationQueryOptions(id ?? 0), enabled: id !== null });
}
