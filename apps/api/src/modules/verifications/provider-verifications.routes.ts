import { Readable } from 'node:stream';
import {
  ApproveVerificationBody,
  BulkApproveVerificationsBody,
  BulkRejectVerificationsBody,
  BulkVerificationResult,
  ErrorBody,
  FileResponse,
  IdParams,
  PendingProviderVerificationQuery,
  ProviderVerification,
  ProviderVerificationExportQuery,
  ProviderVerificationFilters,
  ProviderVerificationListQuery,
  ProviderVerificationPage,
  ProviderVerificationReport,
  ProviderVerificationStatistics,
  RejectVerificationBody,
} from '@kwanza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filtersDetails, recordAudit } from '../../lib/audit-trail.js';
import { buildPage, offsetOf } from '../../lib/pagination.js';
import { keepUntilWindowMoves, PERIOD_COLUMNS } from '../../lib/period-expiry.js';
import { requireAdmin } from '../../plugins/auth-guard.js';
import { keepAnswerUntil } from '../../plugins/kept-responses.js';
import { documentUrlSigner } from '../../storage/signed-url.js';
import { readAdminPreferences } from '../auth/admin-preferences.repository.js';
import {
  approveProviderVerification,
  bulkApproveProviderVerifications,
  bulkRejectProviderVerifications,
  rejectProviderVerification,
} from './provider-verifications.decisions.js';
import {
  EXPORT_CHUNK_SIZE,
  exportFilename,
  generateProviderVerificationCsv,
} from './provider-verifications.export.js';
import {
  findProviderVerification,
  pageOfProviderVerifications,
  providerVerificationStatistics,
  type VerificationReadContext,
} from './provider-verifications.reads.js';
import { providerVerificationReport } from './provider-verifications.reports.js';
import { urgentFigures } from './urgency-expiry.js';
import { recordDocumentView } from './verification-audit.js';
import { nextUrgency, requireRejectionReason, requireSelection } from './verification-rules.js';

const TAGS = ['Vérifications prestataires'];
const BULK_LIMITS =
  'Les lignes sont verrouillées par identifiant croissant ; une transaction en conflit est rejouée quelques ' +
  'fois, puis 409 (concurrent_update). Par administrateur, BULK_MAX_CONCURRENT actions groupées à la fois et ' +
  'BULK_MAX_PER_MINUTE par minute au plus (429 sinon, avec Retry-After).';
const BASE = '/admin/provider-verification';

export function urgentDescription(hours: number): string {
  return (
    `« Urgent » : une vérification en attente depuis plus de ${hours} heures ` +
    '(délai réglable par la variable VERIFICATION_URGENT_HOURS, 72 h par défaut). ' +
    'Seul le détail renvoie les documents, comme liens signés valables quelques minutes ' +
    '(DOCUMENT_URL_TTL_SECONDS), et chaque consultation est inscrite au journal d’audit ; les listes ne les ' +
    'donnent pas (null).'
  );
}

/** A submission window (`days`, the last N days) moves with the clock: kept until its oldest row leaves. */
async function keepUntilDaysMove(
  request: FastifyRequest,
  db: FastifyInstance['db'],
  days: number | undefined,
  now: Date,
): Promise<void> {
  if (days === undefined) return;
  const on = PERIOD_COLUMNS.providerVerifications;
  await keepUntilWindowMoves(request, db, on, now, days * 24 * 3600 * 1000);
}

export function readContext(app: FastifyInstance): VerificationReadContext {
  return { now: new Date(), urgentHours: app.config.verificationUrgentHours, signer: documentUrlSigner(app) };
}

export const providerVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const urgent = urgentDescription(app.config.verificationUrgentHours);
  const errors = { 400: ErrorBody };

  app.get(
    `${BASE}/`,
    {
      config: { keptResponse: true },
      schema: {
        tags: TAGS,
        summary: 'Liste des vérifications des prestataires',
        description:
          'Filtres : status (pending, verified, rejected ; not_started ne correspond à aucune vérification et ' +
          'renvoie une liste vide), is_business, search (nom, nom d’utilisateur, e-mail, raison sociale ; sans ' +
          'accents ni casse), days (déposées dans les N derniers jours). Plus récentes d’abord ; 20 par page ' +
          `par défaut, 100 au plus. ${urgent}`,
        querystring: ProviderVerificationListQuery,
        response: { 200: ProviderVerificationPage, ...errors },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const context = readContext(app);
      const { count, capped, results } = await pageOfProviderVerifications(
        app.db,
        filters,
        { limit: page_size, offset: offsetOf({ page, page_size }) },
        context,
      );
      keepAnswerUntil(request, nextUrgency(results, context.now, context.urgentHours));
      await keepUntilDaysMove(request, app.db, filters.days, context.now);
      return buildPage(request, { page, page_size }, count, results, capped);
    },
  );

  app.get(
    `${BASE}/pending/`,
    {
      config: { keptResponse: true },
      schema: {
        tags: TAGS,
        summary: 'Vérifications des prestataires en attente',
        description: `Les plus anciennes d’abord (file de traitement). ${urgent}`,
        querystring: PendingProviderVerificationQuery,
        response: { 200: ProviderVerificationPage, ...errors },
      },
    },
    async (request) => {
      const { page, page_size, ...rest } = request.query;
      const filters = { ...rest, status: 'pending' as const };
      const context = readContext(app);
      const { count, capped, results } = await pageOfProviderVerifications(
        app.db,
        filters,
        { limit: page_size, offset: offsetOf({ page, page_size }), oldestFirst: true },
        context,
      );
      keepAnswerUntil(request, nextUrgency(results, context.now, context.urgentHours));
      return buildPage(request, { page, page_size }, count, results, capped);
    },
  );

  app.get(
    `${BASE}/statistics/`,
    {
      config: { keptResponse: true },
      schema: {
        tags: TAGS,
        summary: 'Statistiques des vérifications des prestataires',
        description: `Répartition par statut et nombre de vérifications urgentes. ${urgent}`,
        response: { 200: ProviderVerificationStatistics, ...errors },
      },
    },
    async (request) =>
      urgentFigures(request, app, ['provider_verifications'], (now, hours) =>
        providerVerificationStatistics(app.db, now, hours),
      ),
  );

  app.get(
    `${BASE}/reports/`,
    {
      config: { keptResponse: true },
      schema: {
        tags: TAGS,
        summary: 'Rapport agrégé des vérifications des prestataires',
        description:
          'Avec les filtres de la liste : répartition par statut, urgentes, par type de compte, par type de ' +
          'document, dépôts par mois (UTC) et délai moyen de traitement en heures (dépôt → décision). ' +
          urgent,
        querystring: ProviderVerificationFilters,
        response: { 200: ProviderVerificationReport, ...errors },
      },
    },
    async (request) =>
      urgentFigures(request, app, ['provider_verifications'], async (now, hours) => {
        const report = await providerVerificationReport(app.db, app.dialect, request.query, now, hours);
        await keepUntilDaysMove(request, app.db, request.query.days, now);
        return report;
      }),
  );

  app.get(
    `${BASE}/export/`,
    {
      config: { audit: { action: 'provider_verification.export', object: null }, limit: 'export' },
      schema: {
        tags: TAGS,
        summary: 'Export CSV des vérifications des prestataires',
        description:
          'Fichier CSV (UTF-8 avec BOM, séparateur « ; », en-têtes en français) avec les filtres de la liste. ' +
          'Dates au format jj/mm/aaaa HH:mm dans le fuseau horaire enregistré de l’administrateur (Africa/Luanda ' +
          'par défaut), nommé dans l’en-tête de la colonne (« Soumis le (Africa/Luanda) »). ' +
          'Les valeurs commençant par = + - @ sont préfixées d’une apostrophe (injection de formules). ' +
          'Le fichier est produit en flux, par lots de 1000 lignes. Par administrateur, EXPORT_MAX_CONCURRENT ' +
          'exports à la fois et EXPORT_MAX_PER_MINUTE par minute au plus (429 sinon, avec Retry-After).',
        querystring: ProviderVerificationExportQuery,
        produces: ['text/csv'],
        response: { 200: FileResponse, ...errors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { format: _format, ...filters } = request.query;
      const now = new Date();
      await recordAudit(app.db, { object: null, details: filtersDetails(filters) });
      // Dates in the admin's own time zone (their saved preference, Luanda's by default).
      const { timezone } = (await readAdminPreferences(app.db, requireAdmin(request).id)).application;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFilename(now)}"`)
        .header('cache-control', 'private, no-store')
        .send(
          Readable.from(
            generateProviderVerificationCsv(app.db, filters, {
              now,
              timeZone: timezone,
              chunkSize: EXPORT_CHUNK_SIZE,
              lane: app.exportLane,
            }),
          ),
        );
    },
  );

  app.get(
    `${BASE}/:id/`,
    {
      config: { audit: { action: 'provider_verification.view_documents', object: 'provider_verification' } },
      schema: {
        tags: TAGS,
        summary: 'Détail d’une vérification de prestataire',
        description:
          'Les champs de documents sont des liens signés et temporaires (null si absent) ; chaque consultation ' +
          `est inscrite au journal d’audit (provider_verification.view_documents). ${urgent}`,
        params: IdParams,
        response: { 200: ProviderVerification, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      const verification = await findProviderVerification(app.db, request.params.id, readContext(app));
      await recordDocumentView(app.db, 'provider_verification', verification);
      return verification;
    },
  );

  app.post(
    `${BASE}/:id/approve/`,
    {
      config: { audit: { action: 'provider_verification.approve', object: 'provider_verification' } },
      schema: {
        tags: TAGS,
        summary: 'Approuver une vérification de prestataire',
        description:
          'Seulement depuis « en attente » (409 sinon). Enregistre l’administrateur et la date, marque le ' +
          'prestataire vérifié et lui envoie une notification verification_approved.',
        params: IdParams,
        body: ApproveVerificationBody,
        response: { 200: ProviderVerification, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      await approveProviderVerification(app.db, request.params.id, {
        adminId: requireAdmin(request).id,
        adminNotes: request.body.admin_notes,
        now: new Date().toISOString(),
      });
      return findProviderVerification(app.db, request.params.id, readContext(app));
    },
  );

  app.post(
    `${BASE}/:id/reject/`,
    {
      config: { audit: { action: 'provider_verification.reject', object: 'provider_verification' } },
      schema: {
        tags: TAGS,
        summary: 'Rejeter une vérification de prestataire',
        description:
          'Seulement depuis « en attente » (409 sinon) ; la raison est obligatoire (400). Le prestataire ' +
          'n’est plus vérifié et reçoit une notification verification_rejected avec la raison.',
        params: IdParams,
        body: RejectVerificationBody,
        response: { 200: ProviderVerification, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const reason = requireRejectionReason(request.body.rejection_reason);
      await rejectProviderVerification(app.db, request.params.id, {
        adminId: requireAdmin(request).id,
        adminNotes: request.body.admin_notes,
        reason,
        now: new Date().toISOString(),
      });
      return findProviderVerification(app.db, request.params.id, readContext(app));
    },
  );

  app.post(
    `${BASE}/bulk-approve/`,
    {
      config: {
        audit: { action: 'provider_verification.approve', object: 'provider_verification' },
        limit: 'bulk',
      },
      schema: {
        tags: TAGS,
        summary: 'Approuver plusieurs vérifications de prestataires',
        description:
          'Une seule transaction : chaque vérification en attente est approuvée ; les autres (introuvables, ' +
          'déjà traitées) sont listées dans skipped avec la raison. 400 sans aucun identifiant. ' +
          BULK_LIMITS,
        body: BulkApproveVerificationsBody,
        response: { 200: BulkVerificationResult, ...errors, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const ids = requireSelection(request.body.verification_ids);
      return bulkApproveProviderVerifications(app.db, ids, {
        adminId: requireAdmin(request).id,
        adminNotes: request.body.admin_notes,
        now: new Date().toISOString(),
      });
    },
  );

  app.post(
    `${BASE}/bulk-reject/`,
    {
      config: {
        audit: { action: 'provider_verification.reject', object: 'provider_verification' },
        limit: 'bulk',
      },
      schema: {
        tags: TAGS,
        summary: 'Rejeter plusieurs vérifications de prestataires',
        description:
          'Une seule transaction : chaque vérification en attente est rejetée avec la raison (obligatoire, ' +
          '400 sinon) ; les autres sont listées dans skipped avec la raison. 400 sans aucun identifiant. ' +
          BULK_LIMITS,
        body: BulkRejectVerificationsBody,
        response: { 200: BulkVerificationResult, ...errors, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const ids = requireSelection(request.body.verification_ids);
      const reason = requireRejectionReason(request.body.rejection_reason);
      return bulkRejectProviderVerifications(app.db, ids, {
        adminId: requireAdmin(request).id,
        adminNotes: request.body.admin_notes,
        reason,
        now: new Date().toISOString(),
      });
    },
  );
};
