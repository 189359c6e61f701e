import {
  ErrorBody,
  IdParams,
  Report,
  ReportListQuery,
  ReportPage,
  UpdateReportStatusBody,
} from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildPage } from '../../lib/pagination.js';
import { requireAdmin } from '../../plugins/auth-guard.js';
import { listReports, updateReportStatus } from './reports.repository.js';

const tags = ['Signalements'];

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/',
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Liste paginée des signalements',
        description:
          'Du plus récent au plus ancien. `search` porte sur le motif, le nom de l’auteur et celui de la ' +
          'personne signalée (sans tenir compte de la casse ni des accents) ; `status` : pending, under_review, ' +
          'resolved, dismissed ; `type` : provider, user, review.',
        querystring: ReportListQuery,
        response: { 200: ReportPage, 400: ErrorBody },
      },
    },
    async (request) => {
      const { count, count_capped, results } = await listReports(app.db, request.query);
      return buildPage(request, request.query, count, results, count_capped);
    },
  );

  app.post(
    '/reports/:id/update_status/',
    {
      config: { audit: { action: 'report.update_status', object: 'report' } },
      schema: {
        tags,
        summary: "Changer le statut et les notes d'un signalement",
        description:
          "N'importe quel statut vers n'importe quel autre ; l'administrateur et la date sont enregistrés. " +
          '`admin_notes` absent garde les notes, vide les efface. Renvoie le signalement mis à jour.',
        params: IdParams,
        body: UpdateReportStatusBody,
        response: { 200: Report, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => updateReportStatus(app.db, request.params.id, request.body, requireAdmin(request).id),
  );
};
