import { VerificationDashboard } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keepAnswerUntil } from '../../plugins/kept-responses.js';
import { readContext, urgentDescription } from './provider-verifications.routes.js';
import { keepUntilNextUrgency } from './urgency-expiry.js';
import { verificationDashboard } from './verification-dashboard.js';

/*
 * GET /api/dashboard/: the verification summary shown on the console's dashboard. It lives with the
 * verifications (not in the dashboard module) because every figure in it is a verification rule —
 * urgent delay, kept verification counters, signed document links — over providers AND clients, so
 * it belongs to neither the provider nor the client routes file, and the dashboard module does not
 * import another module's repository.
 */
export const verificationDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const urgent = urgentDescription(app.config.verificationUrgentHours);

  app.get(
    '/dashboard/',
    {
      config: { keptResponse: true },
      schema: {
        tags: ['Vérifications prestataires'],
        summary: 'Résumé des vérifications pour le tableau de bord',
        description:
          'Prestataires : en attente, urgentes, traitées aujourd’hui et cette semaine (UTC, semaine du lundi) ; ' +
          `clients : en attente et urgentes ; les 5 dernières vérifications prestataires en attente. ${urgent}`,
        response: { 200: VerificationDashboard },
      },
    },
    async (request) => {
      const context = readContext(app);
      const answer = await verificationDashboard(app.db, context);
      // Processed today and this week (UTC): both move at the next UTC midnight.
      const { now, urgentHours } = context;
      keepAnswerUntil(request, Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
      await keepUntilNextUrgency(
        request,
        app.db,
        ['provider_verifications', 'client_verifications'],
        now,
        urgentHours,
      );
      return answer;
    },
  );
};
