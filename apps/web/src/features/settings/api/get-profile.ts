import { AdminProfile } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const PROFILE_PATH = '/auth/me/';

export function getProfile(signal?: AbortSignal): Promise<AdminProfile> {
  return apiFetch(PROFILE_PATH, AdminProfile, { signal });
}

/** The signed-in admin's profile and saved preferences (also read by the shell to apply them). */
export function profileQueryOptions() {
  return queryOptions({ queryKey: queryKeys.account.profile, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
