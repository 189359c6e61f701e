import { ProviderVerification } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { refreshBeforeExpiry } from '../../../lib/signed-links';
import { VERIFICATION_DETAIL_STALE_TIME } from './verification-keys';
import { verificationFetch } from './verification-request';

export function getProviderVerification(id: number, signal?: AbortSignal): Promise<ProviderVerification> {
  return verificationFetch(`/admin/provider-verification/${id}/`, ProviderVerification, { signal });
}

export function providerVerificationQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.verifications.providerDetail(id),
    queryFn: ({ signal }) => getProviderVerification(id, signal),
    staleTime: VERIFICATION_DETAIL_STALE_TIME,
    // Its documents are signed links: an open detail fetches fresh ones before they expire.
    refetchInterval: (query) => {
      const data = query.state.data;
      return data
        ? refreshBeforeExpiry([data.id_card_front, data.id_card_back, data.passport_image, data.selfie_image])
        : false;
    },
  });
}

export function useProviderVerification(id: number | null) {
  return useQuery({ ...providerVerificationQueryOptions(id ?? 0), enabled: id !== null });
}
