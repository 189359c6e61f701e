import { z } from 'zod';
import { defineListParams, useListParams } from '../../lib/list-params';

export const SETTINGS_TABS = ['profile', 'security', 'notifications', 'application'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The open tab of /settings in the URL (`?tab=security`), so a reload or a link opens it again. */
export const SETTINGS_PARAMS = defineListParams({ tab: z.enum(SETTINGS_TABS).default('profile') });

export function useSettingsParams() {
  return useListParams(SETTINGS_PARAMS);
}

export function isSettingsTab(value: string | null): value is SettingsTab {
  return SETTINGS_TABS.some((tab) => tab === value);
}
