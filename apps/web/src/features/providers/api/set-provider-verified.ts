import type { Provider, ProviderPage } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { PROVIDERS_QUERY_KEY } from './list-providers';

export interface SetProviderVerifiedVariables {
  id: number;
  isVerified: boolean;
}

export function setProviderVerified({ id, isVerified }: SetProviderVerifiedVariables): Promise<Provider> {
  return apiRequest<Provider>(`/providers/${id}/`, { method: 'PUT', body: { is_verified: isVerified } });
}

/**
 * Verifies or unverifies a provider. On success the card flips at once (cached pages get the returned
 * provider), then the lists and counters are refetched; the users list (verified flag) is refreshed too.
 */
export function useSetProviderVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProviderVerified,
    onSuccess: async (provider) => {
      queryClient.setQueriesData<ProviderPage>({ queryKey: PROVIDERS_QUERY_KEY }, (page) =>
        page
          ? { ...page, results: page.results.map((item) => (item.id === provider.id ? provider : item)) }
          : page,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROVIDERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]);
    },
  });
}
