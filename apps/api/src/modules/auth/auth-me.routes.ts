import { AdminPreferences, AdminProfile, ErrorBody, UpdateProfileBody } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/auth-guard.js';
import { readAdminPreferences, saveAdminPreferences } from './admin-preferences.repository.js';
import { readAdminProfile, updateAdminProfile } from './admin-profile.repository.js';

const TAGS = ['Authentification'];

/**
 * The signed-in admin's own account (issue 14): the profile (which also lets the console check a
 * stored session) and the preferences of the settings screen.
 */
export const authMeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/me/',
    {
      schema: {
        tags: TAGS,
        summary: "Profil de l'administrateur connecté",
        description:
          'L’utilisateur de la session (id, username, email, first_name, last_name, role), son téléphone et ' +
          'ses préférences enregistrées (celles par défaut s’il n’en a jamais enregistré).',
        response: { 200: AdminProfile, 404: ErrorBody },
      },
    },
    async (request) => readAdminProfile(app.db, requireAdmin(request).id),
  );

  app.patch(
    '/auth/me/',
    {
      config: { audit: { action: 'auth.profile_update', object: 'user' } },
      schema: {
        tags: TAGS,
        summary: 'Modifier son profil',
        description:
          'Prénom, nom, e-mail et téléphone (champs facultatifs), avec les règles de la modification d’un ' +
          'utilisateur : e-mail valide et unique (400 avec `errors.email`), téléphone de 6 à 20 chiffres, ' +
          'espaces ou + (une chaîne vide l’efface). Renvoie le profil mis à jour.',
        body: UpdateProfileBody,
        response: { 200: AdminProfile, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => updateAdminProfile(app.db, requireAdmin(request).id, request.body),
  );

  app.get(
    '/auth/me/preferences/',
    {
      schema: {
        tags: TAGS,
        summary: 'Ses préférences',
        description:
          'Notifications (email_notifications, push_notifications, new_messages, new_disputes, ' +
          'status_updates, marketing_emails) et application (language fr|en|es|pt ; timezone ' +
          'Africa/Luanda|Africa/Casablanca|Europe/Paris|America/New_York ; theme light|dark|system). ' +
          'Sans préférence enregistrée : notifications par email, nouveaux messages, nouveaux litiges et ' +
          'mises à jour de statut activés, push et marketing désactivés, français, Luanda, thème clair.',
        response: { 200: AdminPreferences },
      },
    },
    async (request) => readAdminPreferences(app.db, requireAdmin(request).id),
  );

  app.put(
    '/auth/me/preferences/',
    {
      config: { audit: { action: 'auth.preferences_update', object: 'user' } },
      schema: {
        tags: TAGS,
        summary: 'Enregistrer ses préférences',
        description:
          'Remplace les deux sections (notifications et application), toutes deux obligatoires et complètes ; ' +
          'une valeur inconnue ou un champ en trop est refusé (400 avec `errors` par champ, par exemple ' +
          '`application.timezone`). Renvoie les préférences enregistrées.',
        body: AdminPreferences,
        response: { 200: AdminPreferences, 400: ErrorBody },
      },
    },
    async (request) => saveAdminPreferences(app.db, requireAdmin(request).id, request.body),
  );
};
