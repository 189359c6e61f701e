import { AdminLoginBody, AdminLoginResponse, ErrorBody } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runInTransaction } from '../../db/transaction.js';
import { objectRef } from '../../lib/audit-objects.js';
import { recordAudit } from '../../lib/audit-trail.js';
import { forbidden, HttpError, unauthorized } from '../../lib/http-errors.js';
import { LoginThrottle } from '../../lib/login-throttle.js';
import { verifyPassword } from '../../lib/passwords.js';
import { revokeSession } from '../../lib/sessions.js';
import { accountLabel, findAccountByEmail, recordFailedLogin, recordLogin } from './auth.repository.js';

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
      config: { public: true, audit: { action: 'auth.login', object: 'user' } },
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
      let account: Awaited<ReturnType<typeof findAccountByEmail>>;
      try {
        // Counted as a failure until the password turns out right.
        const attempt = await throttle.begin(request.ip, email);

        account = await findAccountByEmail(app.db, email);
        const passwordMatches = await verifyPassword(account?.password_hash ?? null, password);
        if (!account || account.deleted_at !== null || !passwordMatches) {
          throw unauthorized(INVALID_CREDENTIALS);
        }
        // The password is right: from here the account's state may be told.
        if (!account.is_active)
          throw forbidden('Ce compte est désactivé. Contactez un autre administrateur.');
        if (account.role !== 'admin') throw forbidden('Accès réservé aux administrateurs.');
        await throttle.succeeded(attempt);
      } catch (error) {
        if (error instanceof HttpError) await recordFailedLogin(app.db, email, error);
        throw error;
      }
      const signedIn = account;
      const access = await runInTransaction(app.db, async (trx) => {
        await recordLogin(trx, signedIn.id);
        const session = await app.tokens.open(trx, signedIn.id);
        await recordAudit(trx, {
          actor: { id: signedIn.id, label: signedIn.email },
          object: { type: 'user', id: signedIn.id, label: accountLabel(signedIn) },
        });
        return session.token;
      });
      return {
        access,
        user: {
          id: signedIn.id,
          username: signedIn.username,
          email: signedIn.email,
          first_name: signedIn.first_name,
          last_name: signedIn.last_name,
          role: signedIn.role,
        },
      };
    },
  );

  app.post(
    '/auth/logout/',
    {
      config: { audit: { action: 'auth.logout', object: 'user' } },
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
      const admin = request.admin;
      if (admin) {
        await runInTransaction(app.db, async (trx) => {
          await revokeSession(trx, admin.sessionId);
          await recordAudit(trx, { object: await objectRef(trx, 'user', admin.id) });
        });
      }
      // A renewal made by the guard for this very request must not outlive the logout.
      reply.removeHeader('x-access-token');
      return reply.status(204).send(null);
    },
  );
};
