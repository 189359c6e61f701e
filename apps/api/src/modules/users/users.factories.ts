import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { insertConversation, insertMessage } from '../conversations/conversations.factories.js';
import { insertDispute } from '../disputes/disputes.factories.js';
import { insertNotificationRow } from '../notifications/notifications.factories.js';
import { insertOffer, insertProject } from '../projects/projects.factories.js';
import { insertReport } from '../reports/reports.factories.js';

/*
 * Users are inserted by `insertUser` (test/factories.ts) and providers by `insertProvider`
 * (providers/providers.factories.ts); this file composes the other aggregates' factories around a
 * client and a provider.
 */

/**
 * Everything another admin still needs about a client and a provider: a project with an offer, a
 * dispute, a report, a conversation with messages, and notifications (one read, one unread) for each.
 */
export async function insertActivity(db: Kysely<Database>, clientId: number, providerId: number) {
  const projectId = await insertProject(db, {
    client_id: clientId,
    title: 'Rénovation de la cuisine',
    description: 'Travaux',
    offers_count: 1,
  });
  const offerId = await insertOffer(db, {
    project_id: projectId,
    provider_id: providerId,
    proposed_price: 1500,
  });
  const disputeId = await insertDispute(db, {
    client_id: clientId,
    provider_id: providerId,
    project_id: projectId,
    title: 'Travaux inachevés',
    description: 'Le chantier est arrêté',
  });
  const reportId = await insertReport(db, {
    reporter_id: clientId,
    reported_user_id: providerId,
    reason: 'Comportement inapproprié',
  });
  const conversationId = await insertConversation(db, {
    client_id: clientId,
    provider_id: providerId,
    project_id: projectId,
  });
  await insertMessage(db, {
    conversation_id: conversationId,
    sender_id: clientId,
    sender_type: 'client',
    content: 'Bonjour',
    is_read: true,
  });
  await insertMessage(db, {
    conversation_id: conversationId,
    sender_id: providerId,
    sender_type: 'provider',
    content: 'Bonsoir',
  });
  for (const userId of [clientId, providerId]) {
    await insertNotificationRow(db, { user_id: userId, title: 'Lue', message: 'Déjà lue', is_read: true });
    await insertNotificationRow(db, { user_id: userId, title: 'Non lue', message: 'À lire' });
  }
  return { projectId, offerId, disputeId, reportId, conversationId };
}
