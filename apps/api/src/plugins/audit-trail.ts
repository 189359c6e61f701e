import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuditRoute, type AuditScope, runInAuditScope } from '../lib/audit-context.js';

/*
 * The audit journal, on by default like the admin guard:
 * - every `/api` route that writes (any method but GET, HEAD and OPTIONS) must declare in its
 *   options what it records — `config: { audit: { action: 'user.delete', object: 'user' } }` — or
 *   why it records nothing — `config: { audit: { exempt: 'Ne modifie aucun objet' } }`; the
 *   application refuses to start otherwise, and a test walks the route table;
 * - every request runs in an audit scope (lib/audit-context.ts) that tells the journal who acts, the
 *   request id and the client address;
 * - a write route that answers a success without having gone through the journal is a bug: it is
 *   logged as an error, and in strict mode (the tests) the answer becomes a 500.
 */

const API_PATH = /^\/api(\/|\?|$)/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export class AuditDeclarationError extends Error {}

/** Whether a route (its methods) writes, so that it must declare its audit. */
export function routeWrites(method: string | string[]): boolean {
  const methods = Array.isArray(method) ? method : [method];
  return methods.some((name) => !READ_METHODS.has(name.toUpperCase()));
}

function checkDeclaration(method: string | string[], url: string, audit: AuditRoute | undefined): void {
  const route = `${Array.isArray(method) ? method.join(',') : method} ${url}`;
  if (audit === undefined) {
    if (!routeWrites(method)) return;
    throw new AuditDeclarationError(
      `${route} : une route d'écriture déclare son journal d'audit — config: { audit: { action, object } } ` +
        "— ou la raison de n'en rien écrire — config: { audit: { exempt: '…' } }.",
    );
  }
  if ('exempt' in audit && audit.exempt.trim() === '') {
    throw new AuditDeclarationError(`${route} : une exemption du journal d'audit donne sa raison.`);
  }
}

const scopes = new WeakMap<FastifyRequest, AuditScope>();

export interface AuditTrailOptions {
  /** A successful audited write without an entry answers 500 (tests) instead of only logging. */
  strict: boolean;
}

export function registerAuditTrail(app: FastifyInstance, options: AuditTrailOptions): void {
  app.addHook('onRoute', (route) => {
    if (!API_PATH.test(route.url)) return;
    const audit = route.config?.audit;
    checkDeclaration(route.method, route.url, audit);
    // The API documentation tells what each route leaves in the journal.
    if (route.schema && audit) {
      const note =
        'action' in audit
          ? `Journal d’audit : \`${audit.action}\`.`
          : `Journal d’audit : rien (${audit.exempt}).`;
      route.schema.description = route.schema.description ? `${route.schema.description}\n\n${note}` : note;
    }
  });

  app.addHook('onRequest', (request, _reply, done) => {
    const scope: AuditScope = {
      requestId: request.id,
      ipAddress: request.ip ?? null,
      actor: () => (request.admin ? { id: request.admin.id, label: request.admin.email } : null),
      route: request.routeOptions.config?.audit,
      recorded: false,
    };
    scopes.set(request, scope);
    runInAuditScope(scope, done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const scope = scopes.get(request);
    const route = scope?.route;
    if (!scope || !route || 'exempt' in route || scope.recorded) return payload;
    if (reply.statusCode >= 300 || !routeWrites(request.method)) return payload;
    request.log.error({ action: route.action, route: request.routeOptions.url }, 'audit entry missing');
    if (options.strict) {
      throw new Error(`${route.action} : réponse ${reply.statusCode} sans passage par le journal d'audit`);
    }
    return payload;
  });
}
