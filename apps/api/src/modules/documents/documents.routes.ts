import { createReadStream } from 'node:fs';
import { ErrorBody, FileResponse, SignedDocumentParams, SignedDocumentQuery } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { contentTypeOf, isValidDocumentKey } from '../../storage/document-storage.js';
import { documentUrlSigner } from '../../storage/signed-url.js';
import { isDocumentReachable } from './documents.repository.js';

const DOCUMENT_NOT_FOUND = 'Document introuvable';

/**
 * The one public route to private documents: it serves a file only through a valid, unexpired link
 * signed by the API (see storage/signed-url.ts), and only while the document still belongs to a
 * verification or dispute evidence of a user who is not deleted.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const signer = documentUrlSigner(app);

  app.get(
    '/documents/*',
    {
      config: { public: true },
      schema: {
        tags: ['Documents'],
        summary: 'Lire un document par lien signé',
        description:
          'Public mais protégé par signature : expires (horodatage Unix) et signature (HMAC-SHA256) viennent ' +
          'des liens renvoyés par les vérifications. 400 clé invalide, 403 signature invalide ou lien expiré, ' +
          '404 document introuvable (ou utilisateur supprimé).',
        params: SignedDocumentParams,
        querystring: SignedDocumentQuery,
        response: { 200: FileResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isValidDocumentKey(key)) throw badRequest('Clé de document invalide.');
      const check = signer.check(key, request.query.expires, request.query.signature);
      if (check === 'invalid') throw forbidden('Lien de document invalide.');
      if (check === 'expired') throw forbidden('Lien de document expiré.');
      if (!(await isDocumentReachable(app.db, key))) throw notFound(DOCUMENT_NOT_FOUND);
      if (!(await app.storage.exists(key))) throw notFound(DOCUMENT_NOT_FOUND);
      return reply
        .header('content-type', contentTypeOf(key))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(createReadStream(app.storage.resolve(key)));
    },
  );
};
