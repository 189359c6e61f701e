import type { ClientVerification } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VERIFICATION_DETAIL_STALE_TIME, verificationKeys } from './verification-keys';
import { verificationRequest } from './verification-request';

export function getClientVerification(id: number, signal?: AbortSignal): Promise<ClientVerification> {
  return verificationRequest<ClientVerification>(`/admin/client-verification/${id}/`, { signal });
}

export function clientVerificationQueryOptions(id: number) {
  return queryOptions({
    queryKey: verificationKeys.clientDetail(id),
    queryFn: ({ signal }) => getClientVerification(id, signal),
    staleTime: VERIFICATION_DETAIL_STALE_TIME,
  });
}

export function useClientVerification(id: number | null) {
  return useQuery({ ...clientVerificationQueryOptions(id ?? 0), enabled: id !== null });
}
