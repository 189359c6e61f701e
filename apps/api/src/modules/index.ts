import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authMeRoutes } from './auth/auth-me.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { healthRoutes } from './health/health.routes.js';

/**
 * Every domain's routes, mounted under /api. A new domain adds its plugin here; the admin guard
 * covers it without further work.
 */
export const apiModules: FastifyPluginAsyncZod[] = [healthRoutes, authRoutes, authMeRoutes];
