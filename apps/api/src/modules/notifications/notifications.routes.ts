import {
  BroadcastAudience,
  BroadcastNotificationBody,
  BroadcastResult,
  CreateNotificationBody,
  ErrorBody,
  IdParams,
  Notification,
  NotificationBulkResult,
  NotificationFeed,
  NotificationIdsBody,
  NotificationListQuery,
  NotificationPage,
  NotificationStats,
  SendNotificationBody,
  UnreadCount,
  UpdateNotificationBody,
} from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildPage } from '../../lib/pagination.js';
import { keepUntilPeriodMoves, PERIOD_COLUMNS } from '../../lib/period-expiry.js';
import { requireAdmin } from '../../plugins/auth-guard.js';
import { hiddenFeedTypes } from './notification-preferences.js';
import {
  countUnreadOf,
  getNotification,
  getNotificationFeed,
  getNotificationStats,
  listNotifications,
} from './notifications.reads.js';
import {
  BROADCAST_AUDIENCE_DESCRIPTION,
  broadcastNotification,
  bulkDelete,
  bulkMarkRead,
  countBroadcastAudience,
  deleteNotification,
  markAllReadOf,
  markNotificationRead,
  sendToUser,
  updateNotification,
} from './notifications.writes.js';

const tags = ['Notifications'];
const BASE = '/admin/notifications';

const TWO_LISTS =
  'Deux vues des notifications : la liste de gestion (`GET /admin/notifications/`, ses statistiques et ses ' +
  'actions) porte sur les notifications de **tous** les utilisateurs de la plateforme ; la cloche de ' +
  'l’en-tête (`feed/`, `unread_count/`, `mark_all_read/`) ne montre que celles adressées à ' +
  'l’administrateur connecté, selon ses préférences de notification.';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/`,
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Liste paginée des notifications de la plateforme',
        description:
          'De la plus récente à la plus ancienne. `search` porte sur le titre, le message et le nom ou ' +
          'l’e-mail du destinataire (sans tenir compte de la casse ni des accents) ; `notification_type` ; ' +
          '`is_read` ; `period` (today : depuis minuit heure de Luanda, week : 7 jours, month : 30 jours). ' +
          `Avec une recherche ou une période, le total est compté jusqu’à 1 000 (\`count_capped\`). ${TWO_LISTS}`,
        querystring: NotificationListQuery,
        response: { 200: NotificationPage, 400: ErrorBody },
      },
    },
    async (request) => {
      const now = new Date();
      const { count, count_capped, results } = await listNotifications(app.db, request.query, now);
      const { period } = request.query;
      if (period) await keepUntilPeriodMoves(request, app.db, PERIOD_COLUMNS.notifications, period, now);
      return buildPage(request, request.query, count, results, count_capped);
    },
  );

  app.get(
    `${BASE}/stats/`,
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Statistiques des notifications de la plateforme',
        response: { 200: NotificationStats },
      },
    },
    async () => getNotificationStats(app.db),
  );

  app.get(
    `${BASE}/feed/`,
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Cloche : les dernières notifications de l’administrateur connecté',
        description: `Les 10 plus récentes et le nombre de non lues. ${TWO_LISTS}`,
        response: { 200: NotificationFeed },
      },
    },
    async (request) => {
      const adminId = requireAdmin(request).id;
      return getNotificationFeed(app.db, adminId, await hiddenFeedTypes(app.db, adminId));
    },
  );

  app.get(
    `${BASE}/unread_count/`,
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Nombre de notifications non lues de l’administrateur connecté',
        description: TWO_LISTS,
        response: { 200: UnreadCount },
      },
    },
    async (request) => {
      const adminId = requireAdmin(request).id;
      return { unread_count: await countUnreadOf(app.db, adminId, await hiddenFeedTypes(app.db, adminId)) };
    },
  );

  app.post(
    `${BASE}/mark_all_read/`,
    {
      config: { audit: { exempt: 'Ne change que les marques de lecture de l’administrateur connecté' } },
      schema: {
        tags,
        summary: 'Marquer comme lues toutes les notifications de l’administrateur connecté',
        description: TWO_LISTS,
        response: { 200: NotificationBulkResult },
      },
    },
    async (request) => markAllReadOf(app.db, requireAdmin(request).id),
  );

  app.post(
    `${BASE}/bulk_mark_read/`,
    {
      schema: {
        tags,
        summary: 'Marquer comme lues les notifications sélectionnées',
        description: 'Tout ou rien, en une transaction : un identifiant inconnu et rien ne change (404).',
        body: NotificationIdsBody,
        response: { 200: NotificationBulkResult, 400: ErrorBody, 404: ErrorBody },
      },
      config: { limit: 'bulk', audit: { action: 'notification.mark_read', object: 'notification' } },
    },
    async (request) => bulkMarkRead(app.db, request.body.notification_ids),
  );

  app.post(
    `${BASE}/bulk_delete/`,
    {
      schema: {
        tags,
        summary: 'Supprimer les notifications sélectionnées',
        description:
          'Tout ou rien, en une transaction : un identifiant inconnu et rien n’est supprimé (404).',
        body: NotificationIdsBody,
        response: { 200: NotificationBulkResult, 400: ErrorBody, 404: ErrorBody },
      },
      config: { limit: 'bulk', audit: { action: 'notification.delete', object: 'notification' } },
    },
    async (request) => bulkDelete(app.db, request.body.notification_ids),
  );

  app.post(
    `${BASE}/send/`,
    {
      config: { audit: { action: 'notification.create', object: 'notification' } },
      schema: {
        tags,
        summary: 'Envoyer une notification à un utilisateur',
        description:
          'Titre, message (sans espaces autour) et type (system par défaut) ; `user_id` d’un utilisateur ' +
          'existant et non supprimé (404 sinon). L’administrateur est enregistré comme auteur.',
        body: SendNotificationBody,
        response: { 201: Notification, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { user_id: recipient, ...content } = request.body;
      const created = await sendToUser(app.db, { ...content, recipient }, requireAdmin(request).id);
      return reply.code(201).send(created);
    },
  );

  app.post(
    `${BASE}/`,
    {
      config: { audit: { action: 'notification.create', object: 'notification' } },
      schema: {
        tags,
        summary: 'Créer une notification',
        description:
          'Comme `send/`, le destinataire s’appelant `recipient` ; `priority` (normal par défaut) et un objet ' +
          'lié (`related_object_type` et `related_object_id`) sont possibles.',
        body: CreateNotificationBody,
        response: { 201: Notification, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const created = await sendToUser(app.db, request.body, requireAdmin(request).id);
      return reply.code(201).send(created);
    },
  );

  app.get(
    `${BASE}/:id/`,
    {
      schema: {
        tags,
        summary: 'Une notification',
        params: IdParams,
        response: { 200: Notification, 404: ErrorBody },
      },
    },
    async (request) => getNotification(app.db, request.params.id),
  );

  app.patch(
    `${BASE}/:id/`,
    {
      config: { audit: { action: 'notification.update', object: 'notification' } },
      schema: {
        tags,
        summary: 'Modifier une notification',
        description:
          'Titre, message, type, priorité ou état de lecture. Une copie de diffusion dont le texte change ' +
          'quitte sa diffusion et garde son propre texte.',
        params: IdParams,
        body: UpdateNotificationBody,
        response: { 200: Notification, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => updateNotification(app.db, request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id/`,
    {
      config: { audit: { action: 'notification.delete', object: 'notification' } },
      schema: {
        tags,
        summary: 'Supprimer une notification',
        params: IdParams,
        response: { 204: z.null().describe('Notification supprimée'), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await deleteNotification(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    `${BASE}/:id/mark_read/`,
    {
      config: { audit: { action: 'notification.mark_read', object: 'notification' } },
      schema: {
        tags,
        summary: 'Marquer une notification comme lue',
        params: IdParams,
        response: { 200: Notification, 404: ErrorBody },
      },
    },
    async (request) => markNotificationRead(app.db, request.params.id),
  );

  app.get(
    '/admin/broadcast/audience/',
    {
      schema: {
        tags,
        summary: 'Nombre d’utilisateurs qu’une diffusion atteindrait',
        description: BROADCAST_AUDIENCE_DESCRIPTION,
        response: { 200: BroadcastAudience },
      },
    },
    async () => ({ recipients: await countBroadcastAudience(app.db) }),
  );

  app.post(
    '/admin/broadcast/notifications',
    {
      schema: {
        tags,
        summary: 'Envoyer une notification à tous les utilisateurs',
        description:
          `${BROADCAST_AUDIENCE_DESCRIPTION} Une seule instruction ensembliste dans une transaction ; la ` +
          'réponse dit combien d’utilisateurs ont été atteints.',
        body: BroadcastNotificationBody,
        response: { 201: BroadcastResult, 400: ErrorBody, 429: ErrorBody },
      },
      config: { limit: 'bulk', audit: { action: 'notification.broadcast', object: null } },
    },
    async (request, reply) => {
      const result = await broadcastNotification(app.db, request.body, requireAdmin(request).id);
      return reply.code(201).send(result);
    },
  );
};
