import { UserPage } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Administrators offered by the journal's 'Administrateur' filter (the first hundred). */
export function listAdmins(signal?: AbortSignal): Promise<UserPage> {
  return apiFetch('/users/', UserPage, { query: { role: 'admin', page_size: 100 }, signal });
}

export function useAdmins() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.audit.admins,
      queryFn: ({ signal }) => listAdmins(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
