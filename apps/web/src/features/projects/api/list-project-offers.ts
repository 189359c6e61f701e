import type { Offer } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { projectKeys } from './project-keys';

export function listProjectOffers(id: string, signal?: AbortSignal): Promise<Offer[]> {
  return apiRequest<Offer[]>(`/admin/projects/${encodeURIComponent(id)}/offers/`, { signal });
}

export function projectOffersQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectKeys.offers(id),
    queryFn: ({ signal }) => listProjectOffers(id, signal),
  });
}

export function useProjectOffers(id: string, enabled = true) {
  return useQuery({ ...projectOffersQueryOptions(id), enabled });
}
