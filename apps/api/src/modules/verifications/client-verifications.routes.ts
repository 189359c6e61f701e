import {
  ApproveVerificationBody,
  ClientVerification,
  ClientVerificationListQuery,
  ClientVerificationPage,
  ClientVerificationStats,
  ErrorBody,
  IdParams,
  RejectVerificationBody,
} from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildPage, offsetOf } from '../../lib/pagination.js';
import { requireAdmin } from '../../plugins/auth-guard.js';
import { keepAnswerUntil } from '../../plugins/kept-responses.js';
import {
  approveClientVerification,
  clientVerificationStats,
  findClientVerification,
  pageOfClientVerifications,
  rejectClientVerification,
  resetClientVerification,
} from './client-verifications.repository.js';
import { readContext, urgentDescription } from './provider-verifications.routes.js';
import { urgentFigures } from './urgency-expiry.js';
import { recordDocumentView } from './verification-audit.js';
import { nextUrgency, requireRejectionReason } from './verification-rules.js';

const TAGS = ['Vérifications clients'];
const BASE = '/admin/client-verification';

export const clientVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const urgent = urgentDescription(app.config.verificationUrgentHours);
  const errors = { 400: ErrorBody };

  app.get(
    `${BASE}/`,
    {
      config: { keptResponse: true },
      schema: {
        tags: TAGS,
        summary: 'Liste des vérifications des clients',
        description:
          'Filtres : verification_status (pending, verified, rejected ; not_started renvoie une liste vide), ' +
          'document_type (id_card, passport), search (nom, nom d’utilisateur, e-mail, téléphone du client ; ' +
          'sans accents ni casse). ' +
          `Plus récentes d’abord ; 20 par page par défaut, 100 au plus. ${urgent}`,
        querystring: ClientVerificationListQuery,
        response: { 200: ClientVerificationPage, ...errors },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const context = readContext(app);
      const { count, capped, results } = await pageOfClientVerifications(
        app.db,
        filters,
        { limit: page_size, offset: offsetOf({ page, page_size }) },
        context,
      );
      keepAnswerUntil(request, nextUrgency(results, context.now, context.urgentHours));
      return buildPage(request, { page, page_size }, count, results, capped);
    },
  );

  app.get(
    `${BASE}/stats/`,
    {
      config: { keptResponse: true },
      schema: {
        tags: TAGS,
        summary: 'Statistiques des vérifications des clients',
        description: `Total, en attente, vérifiées, rejetées et urgentes. ${urgent}`,
        response: { 200: ClientVerificationStats, ...errors },
      },
    },
    async (request) =>
      urgentFigures(request, app, ['client_verifications'], (now, hours) =>
        clientVerificationStats(app.db, now, hours),
      ),
  );

  app.get(
    `${BASE}/:id/`,
    {
      config: { audit: { action: 'client_verification.view_documents', object: 'client_verification' } },
      schema: {
        tags: TAGS,
        summary: 'Détail d’une vérification de client',
        description:
          'Les champs de documents sont des liens signés et temporaires (null si absent) ; chaque consultation ' +
          'est inscrite au journal d’audit (client_verification.view_documents). Les listes ne donnent pas ' +
          'ces liens.',
        params: IdParams,
        response: { 200: ClientVerification, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      const verification = await findClientVerification(app.db, request.params.id, readContext(app));
      await recordDocumentView(app.db, 'client_verification', verification);
      return verification;
    },
  );

  app.post(
    `${BASE}/:id/approve/`,
    {
      config: { audit: { action: 'client_verification.approve', object: 'client_verification' } },
      schema: {
        tags: TAGS,
        summary: 'Approuver une vérification de client',
        description:
          'Seulement depuis « en attente » (409 sinon). Marque le client vérifié et lui envoie une ' +
          'notification verification_approved.',
        params: IdParams,
        body: ApproveVerificationBody,
        response: { 200: ClientVerification, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      await approveClientVerification(app.db, request.params.id, {
        adminId: requireAdmin(request).id,
        adminNotes: request.body.admin_notes,
        now: new Date().toISOString(),
      });
      return findClientVerification(app.db, request.params.id, readContext(app));
    },
  );

  app.post(
    `${BASE}/:id/reject/`,
    {
      config: { audit: { action: 'client_verification.reject', object: 'client_verification' } },
      schema: {
        tags: TAGS,
        summary: 'Rejeter une vérification de client',
        description:
          'Seulement depuis « en attente » (409 sinon) ; la raison est obligatoire (400). Le client reçoit une ' +
          'notification verification_rejected avec la raison.',
        params: IdParams,
        body: RejectVerificationBody,
        response: { 200: ClientVerification, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const reason = requireRejectionReason(request.body.rejection_reason);
      await rejectClientVerification(app.db, request.params.id, {
        adminId: requireAdmin(request).id,
        adminNotes: request.body.admin_notes,
        reason,
        now: new Date().toISOString(),
      });
      return findClientVerification(app.db, request.params.id, readContext(app));
    },
  );

  app.post(
    `${BASE}/:id/reset/`,
    {
      config: { audit: { action: 'client_verification.reset', object: 'client_verification' } },
      schema: {
        tags: TAGS,
        summary: 'Réinitialiser une vérification de client rejetée',
        description:
          'Seulement depuis « rejetée » (409 sinon) : la vérification repasse « en attente », la raison du rejet ' +
          'et la décision (date, administrateur) sont effacées. Sans corps.',
        params: IdParams,
        response: { 200: ClientVerification, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      await resetClientVerification(
        app.db,
        request.params.id,
        requireAdmin(request).id,
        new Date().toISOString(),
      );
      return findClientVerification(app.db, request.params.id, readContext(app));
    },
  );
};
