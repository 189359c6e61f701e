import { ProviderPage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export interface ProviderListFilters {
  page: number;
  page_size: number;
  search?: string | undefined;
  is_verified?: boolean | undefined;
}

export function listProviders(filters: ProviderListFilters, signal?: AbortSignal): Promise<ProviderPage> {
  return apiFetch('/providers/', ProviderPage, { query: { ...filters }, signal });
}

export function providersQueryOptions(filters: ProviderListFilters) {
  return queryOptions({
    queryKey: queryKeys.providers.list(filters),
    queryFn: ({ signal }) => listProviders(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProviders(filters: ProviderListFilters) {
  return useQuery(providersQueryOptions(filters));
}
