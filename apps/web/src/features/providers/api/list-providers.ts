import type { ProviderPage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';

/** Every query of the providers feature starts with this key; mutations invalidate it. */
export const PROVIDERS_QUERY_KEY = ['providers'] as const;

export interface ProviderListFilters {
  page: number;
  page_size: number;
  search?: string | undefined;
  is_verified?: boolean | undefined;
}

export function listProviders(filters: ProviderListFilters, signal?: AbortSignal): Promise<ProviderPage> {
  return apiRequest<ProviderPage>('/providers/', {
    query: {
      page: filters.page,
      page_size: filters.page_size,
      search: filters.search,
      is_verified: filters.is_verified,
    },
    signal,
  });
}

export function providersQueryOptions(filters: ProviderListFilters) {
  return queryOptions({
    queryKey: [...PROVIDERS_QUERY_KEY, 'list', filters],
    queryFn: ({ signal }) => listProviders(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProviders(filters: ProviderListFilters) {
  return useQuery(providersQueryOptions(filters));
}
