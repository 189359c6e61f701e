import { z } from 'zod';
import { SessionUser } from './auth.js';
import { UpdateUserBody } from './users.js';

/*
 * The signed-in admin's own settings (spec section 2 "Settings", issue 14): profile, notification
 * preferences and application preferences, saved on the server per admin.
 */

export const PROFILE_UPDATED = 'Profil mis à jour avec succès';
export const NOTIFICATION_PREFERENCES_UPDATED = 'Paramètres de notification mis à jour avec succès';
export const APPLICATION_PREFERENCES_UPDATED = "Paramètres de l'application mis à jour avec succès";

/** Languages an admin may choose; the interface stays French, the choice drives number and date formats. */
export const Language = z.enum(['fr', 'en', 'es', 'pt'], {
  message: 'Choisissez une langue parmi fr, en, es et pt',
});
export type Language = z.infer<typeof Language>;

/** The Intl locale of each language: dates and numbers are written as in France, Britain, Spain, Angola. */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  fr: 'fr-FR',
  en: 'en-GB',
  es: 'es-ES',
  pt: 'pt-AO',
};

/** The time zones of the spec (Luanda, Casablanca, Paris, New York) as IANA ids. */
export const TimeZone = z.enum(['Africa/Luanda', 'Africa/Casablanca', 'Europe/Paris', 'America/New_York'], {
  message: 'Choisissez un fuseau horaire parmi Luanda, Casablanca, Paris et New York',
});
export type TimeZone = z.infer<typeof TimeZone>;

/** light, dark, or system (follows the operating system and its changes). */
export const ThemePreference = z.enum(['light', 'dark', 'system'], {
  message: 'Choisissez un thème parmi light, dark et system',
});
export type ThemePreference = z.infer<typeof ThemePreference>;

const toggle = (label: string) => z.boolean({ message: `${label} : vrai ou faux attendu` });

/** What the admin wants to be told about (the header bell's feed honours the ones that concern it). */
export const NotificationPreferences = z
  .object({
    email_notifications: toggle('Notifications par email'),
    push_notifications: toggle('Notifications push'),
    new_messages: toggle('Nouveaux messages'),
    new_disputes: toggle('Nouveaux litiges'),
    status_updates: toggle('Mises à jour de statut'),
    marketing_emails: toggle('Emails marketing'),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** How the console shows things to this admin. */
export const ApplicationPreferences = z
  .object({
    language: Language,
    timezone: TimeZone,
    theme: ThemePreference,
  })
  .strict();
export type ApplicationPreferences = z.infer<typeof ApplicationPreferences>;

/** Body and answer of GET/PUT /api/auth/me/preferences/: both sections, each replaced whole by a PUT. */
export const AdminPreferences = z
  .object({
    notifications: NotificationPreferences,
    application: ApplicationPreferences,
  })
  .strict();
export type AdminPreferences = z.infer<typeof AdminPreferences>;

/**
 * Preferences of an admin who never saved any: the spec's notification defaults (e-mail, new
 * messages, new disputes and status updates on; push and marketing off), French, light theme, and
 * Luanda's time zone, the marketplace's own (the spec's demo said Paris).
 */
export const DEFAULT_ADMIN_PREFERENCES: AdminPreferences = {
  notifications: {
    email_notifications: true,
    push_notifications: false,
    new_messages: true,
    new_disputes: true,
    status_updates: true,
    marketing_emails: false,
  },
  application: { language: 'fr', timezone: 'Africa/Luanda', theme: 'light' },
};

/**
 * GET/PATCH /api/auth/me/: the session's user (what the console keeps in local storage) plus the
 * phone number and the saved preferences.
 */
export const AdminProfile = SessionUser.extend({
  phone_number: z.string().nullable(),
  preferences: AdminPreferences,
});
export type AdminProfile = z.infer<typeof AdminProfile>;

/**
 * Body of PATCH /api/auth/me/: first name, last name, e-mail and phone, each optional, with the
 * users edit's rules (valid and unique e-mail, phone of 6 to 20 digits, spaces or +; '' clears it).
 */
export const UpdateProfileBody = UpdateUserBody;
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;
export type UpdateProfileInput = z.input<typeof UpdateProfileBody>;
