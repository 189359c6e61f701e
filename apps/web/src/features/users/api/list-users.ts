import { type UserListFilters, UserPage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listUsers(filters: UserListFilters, signal?: AbortSignal): Promise<UserPage> {
  return apiFetch('/users/', UserPage, { query: { ...filters }, signal });
}

export function usersQueryOptions(filters: UserListFilters) {
  return queryOptions({
    queryKey: queryKeys.users.list(filters),
    queryFn: ({ signal }) => listUsers(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filters: UserListFilters) {
  return useQuery(usersQueryOptions(filters));
}
