import { Readable } from 'node:stream';
import {
  AuditEntry,
  AuditExportQuery,
  AuditListQuery,
  AuditPage,
  ErrorBody,
  FileResponse,
  IdParams,
} from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filtersDetails, recordAudit } from '../../lib/audit-trail.js';
import { buildPage } from '../../lib/pagination.js';
import { AUDIT_EXPORT_CHUNK_SIZE, auditExportFilename, generateAuditCsv } from './audit.export.js';
import { checkAuditFilters, getAuditEntry, listAuditEntries } from './audit.repository.js';

const tags = ["Journal d'audit"];
const BASE = '/admin/audit';

const FILTERS =
  '`admin` (identifiant de l’administrateur), `action` (code stable, par exemple `user.delete`), ' +
  '`object_type` et `object_id` (l’historique d’un objet ; l’identifiant demande le type), `date_from` et ' +
  '`date_to` (jours inclus, heure de Luanda), `search` (administrateur, objet, action, adresse ; sans ' +
  'accents ni casse).';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/`,
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: "Journal d'audit",
        description:
          'Toutes les actions des administrateurs (une entrée par objet, avec les valeurs avant et après), les ' +
          'connexions réussies et échouées, et les consultations de données privées (pièces d’identité, preuves ' +
          'de litige, messages). Les plus récentes d’abord ; 25 par page par défaut. Le total est compté ' +
          `jusqu’à 1000 (\`count_capped\` au-delà). Filtres : ${FILTERS} Le journal ne se modifie ni ne se ` +
          'supprime par l’API.',
        querystring: AuditListQuery,
        response: { 200: AuditPage, 400: ErrorBody },
      },
    },
    async (request) => {
      const { count, capped, results } = await listAuditEntries(app.db, request.query);
      return buildPage(request, request.query, count, results, capped);
    },
  );

  app.get(
    `${BASE}/:id/`,
    {
      schema: {
        tags,
        summary: "Une entrée du journal d'audit",
        params: IdParams,
        response: { 200: AuditEntry, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getAuditEntry(app.db, request.params.id),
  );

  app.get(
    `${BASE}/export/`,
    {
      config: { audit: { action: 'audit.export', object: null }, limit: 'export' },
      schema: {
        tags,
        summary: "Export CSV du journal d'audit",
        description:
          'Fichier CSV (UTF-8 avec BOM, séparateur « ; », en-têtes en français) avec les filtres de la liste, les ' +
          'plus récentes d’abord, produit en flux par lots de 1000 lignes ; les valeurs commençant par = + - @ ' +
          'sont préfixées d’une apostrophe. L’export lui-même est inscrit au journal. Par administrateur, ' +
          'EXPORT_MAX_CONCURRENT exports à la fois et EXPORT_MAX_PER_MINUTE par minute au plus (429 sinon, ' +
          `avec Retry-After). Filtres : ${FILTERS}`,
        querystring: AuditExportQuery,
        produces: ['text/csv'],
        response: { 200: FileResponse, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      checkAuditFilters(request.query);
      await recordAudit(app.db, { object: null, details: filtersDetails(request.query) });
      const now = new Date();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditExportFilename(now)}"`)
        .header('cache-control', 'private, no-store')
        .send(
          Readable.from(generateAuditCsv(app.db, request.query, AUDIT_EXPORT_CHUNK_SIZE, app.exportLane)),
        );
    },
  );
};
