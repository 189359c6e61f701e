import { DashboardStats } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keepUntilNextMonth } from '../../plugins/kept-responses.js';
import { getDashboardStats } from './dashboard.repository.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard/stats/',
    {
      // Its months move at the start of the next.
      config: { keptResponse: true },
      schema: {
        tags: ['Tableau de bord'],
        summary: 'Statistiques du tableau de bord',
        description:
          'Mois civils UTC. `this_month`/`last_month` : inscriptions, projets créés ouverts ou en cours, litiges ' +
          'créés ouverts ou en examen, et revenu = somme des prix proposés des offres acceptées créées dans le mois ' +
          '(AOA). Les utilisateurs supprimés ne sont jamais comptés. `user_registrations` couvre les 12 derniers mois.',
        response: { 200: DashboardStats },
      },
    },
    async (request) => getDashboardStats(app.db, keepUntilNextMonth(request, new Date())),
  );
};
