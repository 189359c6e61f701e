import { Provider, type ProviderPage } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export interface SetProviderVerifiedVariables {
  id: number;
  isVerified: boolean;
}

export function setProviderVerified({ id, isVerified }: SetProviderVerifiedVariables): Promise<Provider> {
  return apiFetch(`/providers/${id}/`, Provider, { method: 'PUT', body: { is_verified: isVerified } });
}

/**
 * Verifies or unverifies a provider. On success the card flips at once (cached pages get the returned
 * provider), then the lists and counters are refetched; the users list (verified flag) is refreshed too.
 */
export function useSetProviderVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProviderVerified,
    meta: { invalidates: [queryKeys.providers.all, queryKeys.users.all] },
    onSuccess: (provider) => {
      queryClient.setQueriesData<ProviderPage>({ queryKey: queryKeys.providers.all }, (page) =>
        page
          ? { ...page, results: page.results.map((item) => (item.id === provider.id ? provider : item)) }
          : page,
      );
    },
  });
}
