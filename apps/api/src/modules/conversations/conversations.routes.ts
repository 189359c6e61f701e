import {
  AdminConversation,
  AdminConversationPage,
  AdminMessageBody,
  BulkMarkReadBody,
  ConversationListQuery,
  ConversationMessage,
  ConversationMessageList,
  ConversationStats,
  ErrorBody,
  IdParams,
  MarkReadResult,
} from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../lib/audit-trail.js';
import { buildPage } from '../../lib/pagination.js';
import { keepUntilPeriodMoves, keepUntilWindowMoves, PERIOD_COLUMNS } from '../../lib/period-expiry.js';
import { requireAdmin } from '../../plugins/auth-guard.js';
import {
  addAdminMessage,
  bulkMarkRead,
  closeConversation,
  deleteMessage,
  markAllRead,
} from './conversation-actions.js';
import { recentStart } from './conversation-times.js';
import {
  getConversation,
  getConversationStats,
  listConversations,
  listMessages,
} from './conversations.repository.js';

const tags = ['Conversations'];
const BASE = '/admin/conversations';

const UNREAD_MEANING =
  '« Non lu » désigne les marques de lecture de l’équipe de modération (partagées par tous les ' +
  'administrateurs) : lire ou marquer une conversation comme lue ne change jamais ce que le client ou ' +
  'le prestataire voit comme lu. Les messages des administrateurs ne sont jamais « non lus ».';
const CLOSED_MEANING =
  'Une conversation fermée (`status: closed`, `closed_at`) est définitive : plus personne n’y écrit ' +
  '(un message d’administrateur est refusé, 409), elle ne se rouvre pas ; elle reste lisible, peut être ' +
  'marquée comme lue et modérée (suppression de messages).';

export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/`,
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Liste paginée des conversations',
        description:
          'De la plus récente activité à la plus ancienne. `search` porte sur le nom et l’e-mail du client ' +
          'et du prestataire (sans tenir compte de la casse ni des accents) ; `has_unread` ; `period` ' +
          '(today : depuis minuit heure de Luanda, week : 7 jours, month : 30 jours) sur la dernière ' +
          `activité ; \`client\` et \`provider\` sont des identifiants. ${UNREAD_MEANING}`,
        querystring: ConversationListQuery,
        response: { 200: AdminConversationPage, 400: ErrorBody },
      },
    },
    async (request) => {
      const now = new Date();
      const { count, count_capped, results } = await listConversations(app.db, request.query, now);
      const { period } = request.query;
      if (period) await keepUntilPeriodMoves(request, app.db, PERIOD_COLUMNS.conversations, period, now);
      return buildPage(request, request.query, count, results, count_capped);
    },
  );

  app.get(
    `${BASE}/stats/`,
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Statistiques des conversations',
        description:
          'Total, conversations ayant des messages non lus, conversations actives sur les dernières 24 heures, ' +
          'messages (hors supprimés).',
        response: { 200: ConversationStats },
      },
    },
    async (request) => {
      const now = new Date();
      const answer = await getConversationStats(app.db, now);
      // Active in the last 24 hours: until the oldest of them is no longer.
      await keepUntilWindowMoves(
        request,
        app.db,
        PERIOD_COLUMNS.conversations,
        now,
        now.getTime() - recentStart(now).getTime(),
      );
      return answer;
    },
  );

  app.post(
    `${BASE}/bulk-mark-read/`,
    {
      config: { audit: { action: 'conversation.mark_read', object: 'conversation' } },
      schema: {
        tags,
        summary: 'Marquer comme lues plusieurs conversations',
        description: `Tout ou rien, en une transaction ; 404 si une conversation n’existe pas. ${UNREAD_MEANING}`,
        body: BulkMarkReadBody,
        response: { 200: MarkReadResult, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => bulkMarkRead(app.db, request.body.conversation_ids),
  );

  app.get(
    `${BASE}/:id/`,
    {
      schema: {
        tags,
        summary: 'Détail d’une conversation',
        description: CLOSED_MEANING,
        params: IdParams,
        response: { 200: AdminConversation, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getConversation(app.db, request.params.id),
  );

  app.get(
    `${BASE}/:id/messages/`,
    {
      config: { audit: { action: 'conversation.read_messages', object: 'conversation' } },
      schema: {
        tags,
        summary: 'Messages d’une conversation',
        description:
          'Du plus ancien au plus récent, sans les messages supprimés. Chaque lecture est inscrite au journal ' +
          'd’audit (conversation.read_messages) : les échanges privés ne se lisent pas sans trace.',
        params: IdParams,
        response: { 200: ConversationMessageList, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { conversation, messages } = await listMessages(app.db, request.params.id);
      await recordAudit(app.db, { object: conversation, details: { messages: messages.length } });
      return messages;
    },
  );

  app.post(
    `${BASE}/:id/mark_all_read/`,
    {
      config: { audit: { action: 'conversation.mark_read', object: 'conversation' } },
      schema: {
        tags,
        summary: 'Marquer comme lus tous les messages d’une conversation',
        description: UNREAD_MEANING,
        params: IdParams,
        response: { 200: MarkReadResult, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => markAllRead(app.db, request.params.id),
  );

  app.post(
    `${BASE}/:id/close_conversation/`,
    {
      config: { audit: { action: 'conversation.close', object: 'conversation' } },
      schema: {
        tags,
        summary: 'Fermer une conversation',
        description: `${CLOSED_MEANING} 409 si elle est déjà fermée. Renvoie la conversation.`,
        params: IdParams,
        response: { 200: AdminConversation, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => closeConversation(app.db, request.params.id),
  );

  app.post(
    `${BASE}/:id/add_admin_message/`,
    {
      config: { audit: { action: 'conversation.add_message', object: 'conversation' } },
      schema: {
        tags,
        summary: 'Écrire dans une conversation en tant qu’administrateur',
        description:
          'Contenu sans espaces de début et de fin, non vide, 5000 caractères au plus. Le client et le ' +
          'prestataire reçoivent une notification (type `message`). 409 si la conversation est fermée. ' +
          'Renvoie le nouveau message.',
        params: IdParams,
        body: AdminMessageBody,
        response: { 201: ConversationMessage, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const message = await addAdminMessage(app.db, request.params.id, admin.id, request.body.content);
      return reply.status(201).send(message);
    },
  );

  app.delete(
    '/admin/messages/:id/delete/',
    {
      config: { audit: { action: 'conversation.delete_message', object: 'conversation' } },
      schema: {
        tags,
        summary: 'Supprimer un message de client ou de prestataire',
        description:
          'Le message disparaît du fil et des compteurs pour tout le monde, mais il est conservé avec ' +
          'l’administrateur qui l’a supprimé et la date, pour l’arbitrage d’un litige. Les messages ' +
          'd’administrateurs ne se suppriment pas (409).',
        params: IdParams,
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      await deleteMessage(app.db, request.params.id, requireAdmin(request).id);
      return reply.status(204).send(null);
    },
  );
};
