import { useCallback, useMemo } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

export const PROVIDERS_PAGE_SIZE = 9;

export type ProviderStatusFilter = 'verified' | 'pending' | '';

export interface ProviderListParams {
  page: number;
  search: string;
  status: ProviderStatusFilter;
}

export function parseProviderListParams(params: URLSearchParams): ProviderListParams {
  const page = Number(params.get('page'));
  const status = params.get('status');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: params.get('search')?.trim() ?? '',
    status: status === 'verified' || status === 'pending' ? status : '',
  };
}

export function toProviderListSearch(state: ProviderListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.status) params.set('status', state.status);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The providers list state (search, status, page) kept in the URL. */
export function useProviderListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseProviderListParams(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<ProviderListParams>, options?: NavigateOptions) => {
      setSearchParams(
        (current) => toProviderListSearch({ ...parseProviderListParams(current), ...changes }),
        options,
      );
    },
    [setSearchParams],
  );
  return [state, update] as const;
}
