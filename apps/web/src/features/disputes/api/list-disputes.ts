import { type DisputeListQuery, DisputePage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type DisputeListFilters = Partial<DisputeListQuery>;

export function listDisputes(filters: DisputeListFilters, signal?: AbortSignal): Promise<DisputePage> {
  return apiFetch('/disputes/', DisputePage, { query: { ...filters }, signal });
}

export function useDisputes(filters: DisputeListFilters) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.disputes.list(filters),
      queryFn: ({ signal }) => listDisputes(filters, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
