import { DEFAULT_ADMIN_PREFERENCES, LANGUAGE_LOCALES, Language, TimeZone } from '@kwanza/contract';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/*
 * How the console writes dates and numbers for the signed-in admin (issue 14): the language of their
 * settings picks the Intl locale (fr-FR, en-GB, es-ES, pt-AO; the interface texts stay French), the
 * time zone picks the zone every date and time is shown in (Luanda unless they chose another, whatever
 * the browser's zone). lib/format reads it on each call; the app re-renders the screen and the shell
 * when it changes. Kept in local storage, so a reload shows the right zone at once, before the
 * server's answer; the server's saved preferences then replace it.
 */

export interface DisplayPreferences {
  language: Language;
  timeZone: TimeZone;
}

export const DISPLAY_PREFERENCES_KEY = 'display_preferences';

export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = {
  language: DEFAULT_ADMIN_PREFERENCES.application.language,
  timeZone: DEFAULT_ADMIN_PREFERENCES.application.timezone,
};

const Stored = z.object({ language: Language, timeZone: TimeZone });

function readStored(raw: string | null): DisplayPreferences {
  if (!raw) return DEFAULT_DISPLAY_PREFERENCES;
  try {
    const parsed = Stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_DISPLAY_PREFERENCES;
  } catch {
    return DEFAULT_DISPLAY_PREFERENCES;
  }
}

function readStorage(): DisplayPreferences {
  try {
    return readStored(localStorage.getItem(DISPLAY_PREFERENCES_KEY));
  } catch {
    return DEFAULT_DISPLAY_PREFERENCES;
  }
}

const listeners = new Set<() => void>();
let current: DisplayPreferences | undefined;

function notify(): void {
  for (const listener of listeners) listener();
}

/** The preferences every formatter uses now. */
export function getDisplayPreferences(): DisplayPreferences {
  if (current === undefined) current = readStorage();
  return current;
}

/** The Intl locale of a language ('pt' → 'pt-AO'). */
export function localeOf(language: Language): string {
  return LANGUAGE_LOCALES[language];
}

/** Applies (and remembers) new preferences; screens showing dates re-render when they differ. */
export function setDisplayPreferences(next: DisplayPreferences): void {
  const before = getDisplayPreferences();
  if (before.language === next.language && before.timeZone === next.timeZone) return;
  current = { language: next.language, timeZone: next.timeZone };
  try {
    localStorage.setItem(DISPLAY_PREFERENCES_KEY, JSON.stringify(current));
  } catch {
    // Private mode or a full storage: the choice still applies to this page.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab saved its settings.
    if (event.key !== null && event.key !== DISPLAY_PREFERENCES_KEY) return;
    const stored = readStorage();
    const before = getDisplayPreferences();
    if (stored.language === before.language && stored.timeZone === before.timeZone) return;
    current = stored;
    notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current display preferences, re-rendering the caller when they change. */
export function useDisplayPreferences(): DisplayPreferences {
  return useSyncExternalStore(subscribe, getDisplayPreferences, () => DEFAULT_DISPLAY_PREFERENCES);
}

/** Forgets the preferences in memory so the next read comes from storage (tests). */
export function resetDisplayPreferences(): void {
  current = undefined;
}
