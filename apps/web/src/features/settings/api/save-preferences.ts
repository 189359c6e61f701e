import { AdminPreferences, type AdminProfile } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const PREFERENCES_PATH = '/auth/me/preferences/';

export function savePreferences(preferences: AdminPreferences): Promise<AdminPreferences> {
  return apiFetch(PREFERENCES_PATH, AdminPreferences, { method: 'PUT', body: preferences });
}

/**
 * Saves both sections of the preferences; the answer goes into the cached profile, from which the
 * shell applies the theme, the time zone and the language at once.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (preferences) =>
      queryClient.setQueryData<AdminProfile>(queryKeys.account.profile, (profile) =>
        profile ? { ...profile, preferences } : profile,
      ),
  });
}
