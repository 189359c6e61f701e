import type { ClientVerificationPage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ClientVerificationListParams,
  VERIFICATION_STALE_TIME,
  verificationKeys,
} from './verification-keys';
import { verificationRequest } from './verification-request';

export function listClientVerifications(
  params: ClientVerificationListParams,
  signal?: AbortSignal,
): Promise<ClientVerificationPage> {
  return verificationRequest<ClientVerificationPage>('/admin/client-verification/', {
    query: { ...params },
    signal,
  });
}

export function clientVerificationsQueryOptions(params: ClientVerificationListParams) {
  return queryOptions({
    queryKey: verificationKeys.clientList(params),
    queryFn: ({ signal }) => listClientVerifications(params, signal),
    placeholderData: keepPreviousData,
    staleTime: VERIFICATION_STALE_TIME,
  });
}

export function useClientVerifications(params: ClientVerificationListParams, enabled = true) {
  return useQuery({ ...clientVerificationsQueryOptions(params), enabled });
}
