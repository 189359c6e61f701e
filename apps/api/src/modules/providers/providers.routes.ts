import {
  ErrorBody,
  IdParams,
  Provider,
  ProviderListQuery,
  ProviderPage,
  UpdateProviderBody,
} from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildPage } from '../../lib/pagination.js';
import { listProviders, setProviderVerified } from './providers.repository.js';

const TAGS = ['Prestataires'];

export const providersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/providers/',
    {
      config: { keptResponse: true },
      schema: {
        tags: TAGS,
        summary: 'Liste paginée des prestataires',
        description:
          'Profils de prestataires dont l’utilisateur n’est pas supprimé, du plus récent au plus ancien. ' +
          '`id` est l’identifiant du profil de prestataire. `search` cherche dans le nom, le nom ' +
          'd’utilisateur, l’entreprise, la ville et l’e-mail sans tenir compte de la casse ni des accents ; ' +
          '`is_verified` filtre sur le drapeau de vérification. `stats` compte total, vérifiés et en attente ' +
          'sur tout l’ensemble filtré (pas seulement la page).',
        querystring: ProviderListQuery,
        response: { 200: ProviderPage, 400: ErrorBody },
      },
    },
    async (request) => {
      const { count, count_capped, results, stats } = await listProviders(app.db, request.query);
      return { ...buildPage(request, request.query, count, results, count_capped), stats };
    },
  );

  app.put(
    '/providers/:id/',
    {
      config: { audit: { action: 'provider.set_verified', object: 'provider' } },
      schema: {
        tags: TAGS,
        summary: 'Vérifier ou retirer la vérification d’un prestataire',
        description:
          'Fixe `is_verified` du prestataire (identifiant du profil) et renvoie le prestataire mis à jour. ' +
          'Le drapeau `is_verified` de son utilisateur suit, pour que l’écran des utilisateurs concorde.',
        params: IdParams,
        body: UpdateProviderBody,
        response: { 200: Provider, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => setProviderVerified(app.db, request.params.id, request.body.is_verified),
  );
};
