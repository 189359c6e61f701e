import type { Kysely } from 'kysely';
import type { AppConfig } from './config.js';
import type { Dialect } from './db/database.js';
import type { Database } from './db/schema.js';
import type { TokenService } from './lib/tokens.js';
import type { DocumentStorage } from './storage/document-storage.js';

export interface AuthenticatedAdmin {
  id: number;
  username: string;
  email: string;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  isPublic: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    config: AppConfig;
    tokens: TokenService;
    storage: DocumentStorage;
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
  }
}
