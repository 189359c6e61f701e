import { ClientVerificationPage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { type ClientVerificationListParams, VERIFICATION_STALE_TIME } from './verification-keys';
import { verificationFetch } from './verification-request';

export function listClientVerifications(
  params: ClientVerificationListParams,
  signal?: AbortSignal,
): Promise<ClientVerificationPage> {
  return verificationFetch('/admin/client-verification/', ClientVerificationPage, {
    query: { ...params },
    signal,
  });
}

export function clientVerificationsQueryOptions(params: ClientVerificationListParams) {
  return queryOptions({
    queryKey: queryKeys.verifications.clientList(params),
    queryFn: ({ signal }) => listClientVerifications(params, signal),
    placeholderData: keepPreviousData,
    staleTime: VERIFICATION_STALE_TIME,
  });
}

export function useClientVerifications(params: ClientVerificationListParams, enabled = true) {
  return useQuery({ ...clientVerificationsQueryOptions(params), enabled });
}
