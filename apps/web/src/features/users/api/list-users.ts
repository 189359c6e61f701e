import type { UserListFilters, UserPage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';

/** Every query of the users feature starts with this key; mutations invalidate it. */
export const USERS_QUERY_KEY = ['users'] as const;

export function listUsers(filters: UserListFilters, signal?: AbortSignal): Promise<UserPage> {
  return apiRequest<UserPage>('/users/', {
    query: {
      page: filters.page,
      page_size: filters.page_size,
      search: filters.search,
      role: filters.role,
      verification_status: filters.verification_status,
    },
    signal,
  });
}

export function usersQueryOptions(filters: UserListFilters) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'list', filters],
    queryFn: ({ signal }) => listUsers(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filters: UserListFilters) {
  return useQuery(usersQueryOptions(filters));
}
