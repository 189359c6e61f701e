import type { ThemePreference } from '@kwanza/contract';
import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

/*
 * The console's colour scheme (issue 14): light, dark, or the operating system's ('system', which
 * Mantine calls 'auto' and follows as the system changes). Kept in local storage under
 * COLOR_SCHEME_KEY, which public/color-scheme.js reads to apply the scheme before the console's code
 * and styles load: a reload never flashes the wrong theme. The admin's saved preference (server)
 * is applied by app/account-sync.
 */

/** Also written in public/color-scheme.js (a plain script: it cannot import this file). */
export const COLOR_SCHEME_KEY = 'color_scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** Mantine's scheme for a saved theme ('system' → 'auto'). */
export function colorSchemeOf(theme: ThemePreference): MantineColorScheme {
  return theme === 'system' ? 'auto' : theme;
}
