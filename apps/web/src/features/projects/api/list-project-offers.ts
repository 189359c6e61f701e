import { type Offer, OfferList } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listProjectOffers(id: string, signal?: AbortSignal): Promise<Offer[]> {
  return apiFetch(`/admin/projects/${encodeURIComponent(id)}/offers/`, OfferList, { signal });
}

export function projectOffersQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.projects.offers(id),
    queryFn: ({ signal }) => listProjectOffers(id, signal),
  });
}

export function useProjectOffers(id: string, enabled = true) {
  return useQuery({ ...projectOffersQueryOptions(id), enabled });
}
