import { ErrorBody, SessionUser } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.js';
import { requireAdmin } from '../../plugins/auth-guard.js';

/** The signed-in admin's profile: lets the console check a stored session. */
export const authMeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/me/',
    {
      schema: {
        tags: ['Authentification'],
        summary: "Profil de l'administrateur connecté",
        response: { 200: SessionUser, 404: ErrorBody },
      },
    },
    async (request) => {
      const adminId = requireAdmin(request).id;
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'first_name', 'last_name', 'role'])
        .where('id', '=', adminId)
        .executeTakeFirst();
      if (!user) throw notFound('Utilisateur introuvable.');
      return user;
    },
  );
};
