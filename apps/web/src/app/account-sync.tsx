import { useMantineColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileQueryOptions } from '../features/settings/api/get-profile';
import { colorSchemeOf } from '../lib/color-scheme';
import { setDisplayPreferences } from '../lib/display-preferences';
import { updateSessionUser } from '../lib/session';

/**
 * Applies the signed-in admin's account to the whole console, from GET /api/auth/me/ (loaded once
 * per visit, and replaced by the settings screen's saves): the theme, the time zone and language of
 * dates and numbers, and the name in the header. Until it answers (or when it fails), the console
 * keeps what this browser remembered.
 */
export function AccountSync() {
  const profile = useQuery(profileQueryOptions()).data;
  const { setColorScheme } = useMantineColorScheme();

  useEffect(() => {
    if (!profile) return;
    const { application } = profile.preferences;
    setDisplayPreferences({ language: application.language, timeZone: application.timezone });
    updateSessionUser(profile);
  }, [profile]);

  const theme = profile?.preferences.application.theme;
  useEffect(() => {
    if (theme) setColorScheme(colorSchemeOf(theme));
  }, [theme, setColorScheme]);

  return null;
}
