import { ChangePasswordBody, ChangePasswordResponse, ErrorBody, PASSWORD_UPDATED } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runInTransaction } from '../../db/transaction.js';
import { objectRef } from '../../lib/audit-objects.js';
import { recordAudit } from '../../lib/audit-trail.js';
import { badRequest, unauthorized } from '../../lib/http-errors.js';
import { LoginThrottle } from '../../lib/login-throttle.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { revokeUserSessions } from '../../lib/sessions.js';

const WRONG_CURRENT = 'Le mot de passe actuel est incorrect.';

/**
 * The signed-in admin changes their password (issue 14's API, on issue 16's sessions): the current
 * password is checked under the login throttle, and every other session of the admin ends while
 * the one that made the change keeps working.
 */
export const authPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = new LoginThrottle(app.db, {
    freeFailures: app.config.loginMaxFailures,
    windowSeconds: app.config.loginWindowSeconds,
    baseDelaySeconds: app.config.loginBaseDelaySeconds,
  });

  app.post(
    '/auth/me/password/',
    {
      config: { audit: { action: 'auth.password_change', object: 'user' } },
      schema: {
        tags: ['Authentification'],
        summary: 'Changer son mot de passe',
        description:
          'Mot de passe actuel (400 s’il est faux, compté comme un échec de connexion : 429 après des échecs ' +
          'répétés), nouveau mot de passe de 12 caractères au moins, différent de l’actuel, et sa confirmation ' +
          '(400 avec `errors` par champ). Après le changement, toutes les autres sessions de l’administrateur ' +
          'sont fermées ; celle de la requête reste ouverte.',
        body: ChangePasswordBody,
        response: {
          200: ChangePasswordResponse,
          400: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const admin = request.admin;
      if (!admin) throw unauthorized("Informations d'authentification non fournies.");
      const attempt = await throttle.begin(request.ip, admin.email);
      const account = await app.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', admin.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(account.password_hash, request.body.current_password))) {
        throw badRequest(WRONG_CURRENT, { current_password: [WRONG_CURRENT] });
      }
      await throttle.succeeded(attempt);
      const passwordHash = await hashPassword(request.body.new_password);
      await runInTransaction(app.db, async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', admin.id)
          .execute();
        await revokeUserSessions(trx, admin.id, { keep: admin.sessionId });
        // The password itself never enters the journal: the entry says that it changed, not to what.
        await recordAudit(trx, {
          object: await objectRef(trx, 'user', admin.id),
          details: { other_sessions_closed: true },
        });
      });
      return { detail: PASSWORD_UPDATED };
    },
  );
};
