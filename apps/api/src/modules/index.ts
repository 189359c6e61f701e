import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { authMeRoutes } from './auth/auth-me.routes.js';
import { authPasswordRoutes } from './auth/auth-password.routes.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { conversationsRoutes } from './conversations/conversations.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { disputesRoutes } from './disputes/disputes.routes.js';
import { documentRoutes } from './documents/documents.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { projectsRoutes } from './projects/projects.routes.js';
import { providersRoutes } from './providers/providers.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { clientVerificationRoutes } from './verifications/client-verifications.routes.js';
import { providerVerificationRoutes } from './verifications/provider-verifications.routes.js';
import { verificationDashboardRoutes } from './verifications/verification-dashboard.routes.js';

/**
 * Every domain's routes, mounted under /api. A new domain adds its plugin here; the admin guard
 * covers it without further work.
 */
export const apiModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  authMeRoutes,
  authPasswordRoutes,
  usersRoutes,
  providersRoutes,
  projectsRoutes,
  categoriesRoutes,
  disputesRoutes,
  reportsRoutes,
  conversationsRoutes,
  notificationsRoutes,
  dashboardRoutes,
  providerVerificationRoutes,
  clientVerificationRoutes,
  verificationDashboardRoutes,
  documentRoutes,
  auditRoutes,
];
