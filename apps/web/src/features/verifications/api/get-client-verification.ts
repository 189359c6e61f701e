import { ClientVerification } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { refreshBeforeExpiry } from '../../../lib/signed-links';
import { VERIFICATION_DETAIL_STALE_TIME } from './verification-keys';
import { verificationFetch } from './verification-request';

export function getClientVerification(id: number, signal?: AbortSignal): Promise<ClientVerification> {
  return verificationFetch(`/admin/client-verification/${id}/`, ClientVerification, { signal });
}

export function clientVerificationQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.verifications.clientDetail(id),
    queryFn: ({ signal }) => getClientVerification(id, signal),
    staleTime: VERIFICATION_DETAIL_STALE_TIME,
    // Its documents are signed links: an open detail fetches fresh ones before they expire.
    refetchInterval: (query) => {
      const data = query.state.data;
      return data ? refreshBeforeExpiry([data.id_card_front, data.id_card_back, data.passport_image]) : false;
    },
  });
}

export function useClientVerification(id: number | null) {
  return useQuery({ ...clientVerificationQueryOptions(id ?? 0), enabled: id !== null });
}
