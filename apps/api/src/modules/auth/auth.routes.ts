import { AdminLoginBody, AdminLoginResponse, ErrorBody } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../lib/http-errors.js';
import { LoginThrottle } from '../../lib/login-throttle.js';
import { verifyPassword } from '../../lib/passwords.js';
import { revokeSession } from '../../lib/sessions.js';
import { findAccountByEmail, recordLogin } from './auth.repository.js';

const INVALID_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = new LoginThrottle(app.db, {
    freeFailures: app.config.loginMaxFailures,
    windowSeconds: app.config.loginWindowSeconds,
    baseDelaySeconds: app.config.loginBaseDelaySeconds,
  });

  app.post(
    '/auth/admin-login/',
    {
      config: { public: true },
      schema: {
        tags: ['Authentification'],
        summary: "Connexion d'un administrateur",
        description:
          'Renvoie un jeton Bearer et le profil. La même erreur 401 pour une adresse inconnue et un mauvais mot ' +
          'de passe ; 403 pour un compte désactivé ou non administrateur. Après LOGIN_MAX_FAILURES échecs depuis ' +
          'une adresse ou pour un compte, 429 avec Retry-After pendant un délai qui double à chaque nouvel échec ' +
          '(LOGIN_BASE_DELAY_SECONDS, au plus LOGIN_WINDOW_SECONDS) ; une adresse sans échec récent peut ' +
          'toujours essayer un compte ralenti, si bien que le bon mot de passe fonctionne depuis un autre poste. ' +
          'Le jeton expire après JWT_TTL_SECONDS ; il est renouvelé dans l’en-tête X-Access-Token tant que ' +
          'la session (SESSION_MAX_SECONDS au plus) est ouverte.',
        security: [],
        body: AdminLoginBody,
        response: { 200: AdminLoginResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      // Counted as a failure until the password turns out right.
      const attempt = await throttle.begin(request.ip, email);

      const account = await findAccountByEmail(app.db, email);
      const passwordMatches = await verifyPassword(account?.password_hash ?? null, password);
      if (!account || account.deleted_at !== null || !passwordMatches) {
        throw unauthorized(INVALID_CREDENTIALS);
      }
      // The password is right: from here the account's state may be told.
      if (!account.is_active) throw forbidden('Ce compte est désactivé. Contactez un autre administrateur.');
      if (account.role !== 'admin') throw forbidden('Accès réservé aux administrateurs.');
      await throttle.succeeded(attempt);
      await recordLogin(app.db, account.id);
      return {
        access: await app.tokens.sign(account.id),
        user: {
          id: account.id,
          username: account.username,
          email: account.email,
          first_name: account.first_name,
          last_name: account.last_name,
          role: account.role,
        },
      };
    },
  );

  app.post(
    '/auth/logout/',
    {
      schema: {
        tags: ['Authentification'],
        summary: 'Déconnexion',
        description:
          'Ferme la session du jeton présenté : ce jeton et ceux qui en ont été renouvelés sont refusés (401) ' +
          'dès cet instant, dans tous les processus. Les autres sessions du même administrateur restent ouvertes.',
        response: { 204: z.null().describe('Session fermée') },
      },
    },
    async (request, reply) => {
      if (request.admin) await revokeSession(app.db, request.admin.sessionId);
      // A renewal made by the guard for this very request must not outlive the logout.
      reply.removeHeader('x-access-token');
      return reply.status(204).send(null);
    },
  );
};
