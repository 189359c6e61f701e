import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-errors.js';

const API_PATH = /^\/api(\/|\?|$)/;

/** Reads `Authorization: Bearer <token>`; null when absent or of another scheme. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The admin guard, on by default: every `/api` route requires the Bearer token of an active,
 * not-deleted admin unless it was registered with `config: { public: true }`. The account is read
 * on each request, so deactivating or demoting an admin takes effect at once.
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    // Decide on the matched route, never on the raw URL: the router decodes the path, so
    // `/%61pi/users/` reaches the `/api/users/` route while its raw URL does not start with `/api`.
    const routeUrl = request.routeOptions.url;
    if (request.is404 || routeUrl === undefined || !API_PATH.test(routeUrl)) return;
    if (request.routeOptions.config.public === true) return;

    const token = bearerToken(request);
    if (!token) throw unauthorized("Informations d'authentification non fournies.");
    const claims = await app.tokens.verify(token);
    if (!claims) throw unauthorized('Jeton d’authentification invalide ou expiré.');

    const user = await app.db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'role', 'is_active', 'deleted_at'])
      .where('id', '=', claims.userId)
      .executeTakeFirst();
    if (!user || user.deleted_at !== null || !user.is_active) {
      throw unauthorized('Ce compte est introuvable ou désactivé.');
    }
    if (user.role !== 'admin') throw forbidden('Accès réservé aux administrateurs.');
    request.admin = { id: user.id, username: user.username, email: user.email };
  });
}
