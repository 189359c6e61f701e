import {
  DisputeDetail,
  DisputeListQuery,
  DisputePage,
  DisputeStats,
  ErrorBody,
  IdParams,
  UpdateDisputeStatusBody,
} from '@kwanza/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../lib/audit-trail.js';
import { buildPage } from '../../lib/pagination.js';
import { requireAdmin } from '../../plugins/auth-guard.js';
import { keepUntilNextMonth } from '../../plugins/kept-responses.js';
import { documentUrlSigner } from '../../storage/signed-url.js';
import { updateDisputeStatus } from './disputes.decisions.js';
import { type DisputeReadContext, getDispute, listDisputes } from './disputes.repository.js';
import { getDisputeStats } from './disputes.stats.js';

const tags = ['Litiges'];

function readContext(app: FastifyInstance): DisputeReadContext {
  return { signer: documentUrlSigner(app), now: new Date() };
}

export const disputesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/disputes/',
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Liste paginée des litiges',
        description:
          'Du plus récent au plus ancien. `search` porte sur le titre, la description, le service, le nom du ' +
          'client et celui du prestataire (sans tenir compte de la casse ni des accents) ; `status` : open, ' +
          'under_review, resolved, closed. `status_counts` compte les litiges de chaque statut parmi ceux qui ' +
          'correspondent à la recherche. Les preuves y sont décrites sans lien vers leur fichier : seul le détail ' +
          'délivre ces liens, et le journal d’audit l’enregistre.',
        querystring: DisputeListQuery,
        response: { 200: DisputePage, 400: ErrorBody },
      },
    },
    async (request) => {
      const { count, count_capped, status_counts, results } = await listDisputes(
        app.db,
        request.query,
        readContext(app),
      );
      return { ...buildPage(request, request.query, count, results, count_capped), status_counts };
    },
  );

  app.get(
    '/disputes/stats/',
    {
      // Its twelve months move at the start of the next.
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Statistiques des litiges',
        description:
          'Totaux par statut, litiges ouverts par mois sur les 12 derniers mois (UTC, zéros compris), ' +
          'temps médian de résolution en heures (création → résolution ou fermeture).',
        response: { 200: DisputeStats },
      },
    },
    async (request) => getDisputeStats(app.db, keepUntilNextMonth(request, new Date())),
  );

  app.get(
    '/disputes/:id/',
    {
      config: { audit: { action: 'dispute.view_evidence', object: 'dispute' } },
      schema: {
        tags,
        summary: "Détail d'un litige",
        description:
          'Avec les preuves (liens signés valables quelques minutes ; chaque consultation d’un litige qui en ' +
          'a est inscrite au journal d’audit), le projet concerné, la conversation entre le client et le ' +
          'prestataire quand elle existe, et l’historique des statuts.',
        params: IdParams,
        response: { 200: DisputeDetail, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const dispute = await getDispute(app.db, request.params.id, readContext(app));
      // Signed links to the evidence files were issued: a look at private data.
      if (dispute.evidence.length > 0) {
        await recordAudit(app.db, {
          object: { type: 'dispute', id: dispute.id, label: dispute.title },
          details: { evidence: dispute.evidence.map((item) => item.id) },
        });
      }
      return dispute;
    },
  );

  app.post(
    '/disputes/:id/update_status/',
    {
      config: { audit: { action: 'dispute.update_status', object: 'dispute' } },
      schema: {
        tags,
        summary: "Changer le statut et la note de résolution d'un litige",
        description:
          "N'importe lequel des quatre statuts depuis n'importe quel état. `resolved_at` est fixé quand le " +
          'litige devient résolu ou fermé et effacé quand il est rouvert ; le changement est inscrit dans ' +
          'l’historique (administrateur et date) et notifié au client et au prestataire. Renvoie le détail.',
        params: IdParams,
        body: UpdateDisputeStatusBody,
        response: { 200: DisputeDetail, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      await updateDisputeStatus(app.db, request.params.id, request.body, requireAdmin(request).id);
      return getDispute(app.db, request.params.id, readContext(app));
    },
  );
};
