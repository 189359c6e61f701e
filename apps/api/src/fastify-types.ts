import type { Kysely } from 'kysely';
import type { AppConfig } from './config.js';
import type { Dialect } from './db/database.js';
import type { Database } from './db/schema.js';
import type { AuditRoute } from './lib/audit-context.js';
import type { SessionService } from './lib/sessions.js';
import type { WorkLane } from './lib/work-lane.js';
import type { LimitName } from './plugins/rate-limit.js';
import type { DocumentStorage } from './storage/document-storage.js';

export interface AuthenticatedAdmin {
  id: number;
  username: string;
  email: string;
  /** The session of the token (logout ends it; a password change keeps it and ends the others). */
  sessionId: string;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  isPublic: boolean;
  /** What the route records in the audit journal (or why nothing); undefined for most reads. */
  audit: AuditRoute | undefined;
  /** The route's response schemas by status (zod), as declared. */
  responses: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    config: AppConfig;
    /** Revocable sessions: `tokens.sign(userId)` opens one and returns its access token. */
    tokens: SessionService;
    storage: DocumentStorage;
    /** Export queries of this process run through it (EXPORT_QUERY_SLOTS at once). */
    exportLane: WorkLane;
    /** Every route registered, for the test that walks the route table. */
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifyRequest {
    /** The admin behind the Bearer token; set by the auth guard on every protected route. */
    admin: AuthenticatedAdmin | null;
  }
  interface FastifyContextConfig {
    /** Opt a route out of the admin guard (login, health, docs, signed files). */
    public?: boolean;
    /** Per-admin concurrency and rate limit of an expensive route (see plugins/rate-limit.ts). */
    limit?: LimitName;
    /**
     * What the route records in the audit journal: `{ action, object }`, or `{ exempt: 'raison' }`
     * for a write that changes no object. Required on every write route (plugins/audit-trail.ts).
     */
    audit?: AuditRoute;
  }
}
