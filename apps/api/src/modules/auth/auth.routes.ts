import { AdminLoginBody, AdminLoginResponse, ErrorBody } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, unauthorized } from '../../lib/http-errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { LoginThrottle } from '../../plugins/login-throttle.js';
import { findAccountByEmail, recordLogin } from './auth.repository.js';

const INVALID_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = new LoginThrottle(app.config.loginMaxFailures, app.config.loginWindowSeconds);

  app.post(
    '/auth/admin-login/',
    {
      config: { public: true },
      schema: {
        tags: ['Authentification'],
        summary: "Connexion d'un administrateur",
        description:
          'Renvoie un jeton Bearer et le profil. La même erreur 401 pour une adresse inconnue et un mauvais mot ' +
          'de passe ; 403 pour un compte désactivé ou non administrateur ; 429 après des échecs répétés.',
        security: [],
        body: AdminLoginBody,
        response: { 200: AdminLoginResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const keys = LoginThrottle.keys(request.ip, email);
      throttle.assertAllowed(keys);

      const account = await findAccountByEmail(app.db, email);
      const passwordMatches = await verifyPassword(account?.password_hash ?? null, password);
      if (!account || account.deleted_at !== null || !passwordMatches) {
        throttle.recordFailure(keys);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      // The password is right: from here the account's state may be told.
      if (!account.is_active) {
        throttle.recordFailure(keys);
        throw forbidden('Ce compte est désactivé. Contactez un autre administrateur.');
      }
      if (account.role !== 'admin') {
        throttle.recordFailure(keys);
        throw forbidden('Accès réservé aux administrateurs.');
      }
      throttle.recordSuccess(email);
      await recordLogin(app.db, account.id);
      return {
        access: await app.tokens.sign(account.id, account.role),
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
};
