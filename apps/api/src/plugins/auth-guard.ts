import { ErrorBody } from '@kwanza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthenticatedAdmin } from '../fastify-types.js';
import { unauthorized } from '../lib/http-errors.js';

/** Response header carrying a renewed access token (sliding session); the console stores it. */
export const RENEWED_TOKEN_HEADER = 'x-access-token';

const API_PATH = /^\/api(\/|\?|$)/;

/** Reads `Authorization: Bearer <token>`; null when absent or of another scheme. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The admin guard, on by default: every `/api` route requires the Bearer token of an open session
 * of an active, not-deleted admin unless it was registered with `config: { public: true }`. The
 * session and the account are read on each request (lib/sessions.ts), so a logout, a deactivation
 * or a demotion takes effect at once, in every process. A token past half of its life comes back
 * renewed in the `X-Access-Token` header.
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('admin', null);
  // Every route documents what the guard does to it, so no route has to: a protected route lists
  // the guard's 401/403 answers; a public one needs no token (`security: []` overrides the
  // document-wide bearer requirement).
  app.addHook('onRoute', (route) => {
    if (!API_PATH.test(route.url) || !route.schema) return;
    if (route.config?.public === true) {
      route.schema.security = [];
      return;
    }
    const response = (route.schema.response ?? {}) as Record<string, unknown>;
    route.schema.response = { 401: ErrorBody, 403: ErrorBody, ...response };
  });
  app.addHook('onRequest', async (request, reply) => {
    // Decide on the matched route, never on the raw URL: the router decodes the path, so
    // `/%61pi/users/` reaches the `/api/users/` route while its raw URL does not start with `/api`.
    const routeUrl = request.routeOptions.url;
    if (request.is404 || routeUrl === undefined || !API_PATH.test(routeUrl)) return;
    if (request.routeOptions.config.public === true) return;

    const token = bearerToken(request);
    if (!token) throw unauthorized("Informations d'authentification non fournies.");
    const { admin, renewedToken } = await app.tokens.authenticate(token);
    request.admin = admin;
    if (renewedToken) reply.header(RENEWED_TOKEN_HEADER, renewedToken);
  });
}

/** The signed-in admin of a protected route (set by the guard); 401 if a route forgot the guard. */
export function requireAdmin(request: FastifyRequest): AuthenticatedAdmin {
  if (!request.admin) throw unauthorized("Informations d'authentification non fournies.");
  return request.admin;
}
