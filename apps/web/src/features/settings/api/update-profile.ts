import { AdminProfile, type UpdateProfileInput } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { PROFILE_PATH } from './get-profile';

export function updateProfile(changes: UpdateProfileInput): Promise<AdminProfile> {
  return apiFetch(PROFILE_PATH, AdminProfile, { method: 'PATCH', body: changes });
}

/** Saves the profile; the answer replaces the cached profile (the shell then shows the new name). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The admin is in the users list too.
    meta: { invalidates: [queryKeys.users.all] },
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.account.profile, profile),
  });
}
