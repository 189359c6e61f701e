import { ErrorBody, IdParams, UpdateUserBody, User, UserListQuery, UserPage } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildPage } from '../../lib/pagination.js';
import { requireAdmin } from '../../plugins/auth-guard.js';
import { processDocumentRemovals } from '../../storage/document-removals.js';
import {
  deleteUser,
  listUsers,
  toggleUserStatus,
  toggleUserVerification,
  updateUser,
} from './users.repository.js';

const TAGS = ['Utilisateurs'];
const ERRORS = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/',
    {
      config: { keptResponse: true },
      schema: {
        tags: TAGS,
        summary: 'Liste paginée des utilisateurs',
        description:
          'Utilisateurs non supprimés, du plus récent au plus ancien (date_joined puis id décroissants). ' +
          '`search` cherche dans le nom d’utilisateur, le prénom, le nom, l’e-mail et le téléphone, sans tenir ' +
          'compte de la casse ni des accents. `verification_status` : pour un prestataire, le statut de sa ' +
          'dernière vérification de prestataire ; pour un client, celui de sa dernière vérification de client ' +
          '(client_verifications) ; `not_started` quand aucune n’existe ; les administrateurs ne correspondent ' +
          'à aucun statut. `stats` compte, sur tout l’ensemble filtré (pas seulement la page), les utilisateurs ' +
          'en attente, vérifiés et rejetés selon ce même statut, et ceux dont le téléphone est vérifié. ' +
          'La recherche de la boîte de notification lit id, first_name, last_name et email des résultats.',
        querystring: UserListQuery,
        response: { 200: UserPage, 400: ErrorBody },
      },
    },
    async (request) => {
      const { count, count_capped, results, stats } = await listUsers(app.db, request.query);
      return { ...buildPage(request, request.query, count, results, count_capped), stats };
    },
  );

  app.patch(
    '/users/:id/',
    {
      config: { audit: { action: 'user.update', object: 'user' } },
      schema: {
        tags: TAGS,
        summary: 'Modifier un utilisateur',
        description:
          'Modifie prénom, nom, e-mail et téléphone (champs facultatifs). L’e-mail doit être valide et unique ' +
          '(400 avec `errors.email`) ; le téléphone contient de 6 à 20 chiffres, espaces ou +, une chaîne vide ' +
          'l’efface.',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: User, ...ERRORS },
      },
    },
    async (request) => updateUser(app.db, request.params.id, request.body),
  );

  app.delete(
    '/users/:id/',
    {
      config: { audit: { action: 'user.delete', object: 'user' } },
      schema: {
        tags: TAGS,
        summary: 'Supprimer un utilisateur',
        description:
          'Suppression logique, en une transaction : `deleted_at` est renseigné, le compte est désactivé, ' +
          'l’e-mail et le nom d’utilisateur sont renommés en `deleted-<id>-<valeur>` pour pouvoir être ' +
          'réutilisés. L’utilisateur disparaît des listes d’utilisateurs et de prestataires et ne peut plus ' +
          'se connecter (ses sessions sont fermées) ; ses documents (pièces d’identité, preuves de litige) sont ' +
          'effacés du disque. Ses projets, offres, litiges, signalements, conversations, messages et ' +
          'notifications restent et continuent d’afficher son nom. 409 pour son propre compte ou le dernier ' +
          'administrateur actif ; 404 si l’utilisateur est déjà supprimé (une seconde suppression simultanée ' +
          'aussi).',
        params: IdParams,
        response: { 204: z.null().describe('Utilisateur supprimé'), ...ERRORS },
      },
    },
    async (request, reply) => {
      await deleteUser(app.db, request.params.id, requireAdmin(request).id);
      // The files leave the disk in the same request; any left behind (a crash, an outage right after
      // the commit) stay queued and go at the next deletion or the next start.
      await processDocumentRemovals(app.db, app.storage).catch((error: unknown) => {
        request.log.warn({ err: error }, 'document removal postponed');
      });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/users/:id/toggle_status/',
    {
      config: { audit: { action: 'user.toggle_status', object: 'user' } },
      schema: {
        tags: TAGS,
        summary: 'Activer ou désactiver un utilisateur',
        description:
          'Inverse `is_active` (sans corps) et renvoie l’utilisateur. 409 pour désactiver son propre compte ou ' +
          'le dernier administrateur actif.',
        params: IdParams,
        response: { 200: User, ...ERRORS },
      },
    },
    async (request) => toggleUserStatus(app.db, request.params.id, requireAdmin(request).id),
  );

  app.patch(
    '/users/:id/toggle_verification/',
    {
      config: { audit: { action: 'user.toggle_verification', object: 'user' } },
      schema: {
        tags: TAGS,
        summary: 'Marquer un utilisateur comme vérifié ou non',
        description:
          'Inverse `is_verified` (sans corps) et renvoie l’utilisateur. Pour un prestataire, le drapeau ' +
          '`is_verified` de son profil de prestataire suit.',
        params: IdParams,
        response: { 200: User, ...ERRORS },
      },
    },
    async (request) => toggleUserVerification(app.db, request.params.id),
  );
};
