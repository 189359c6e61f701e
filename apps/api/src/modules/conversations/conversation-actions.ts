import {
  type AdminConversation,
  type ConversationMessage,
  EMPTY_ADMIN_MESSAGE,
  type MarkReadResult,
  NO_CONVERSATION_SELECTED,
} from '@kwanza/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dialectOf, lockRowsOnPostgres } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { trackChanges } from '../../lib/audit-objects.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { insertNotification } from '../../lib/notifications.js';
import {
  CONVERSATION_NOT_FOUND,
  getConversation,
  getMessage,
  personName,
} from './conversations.repository.js';

/*
 * The moderation team's actions. Rules:
 * - "unread" is the team's own read mark (`messages.team_read_at`): marking read never changes what
 *   the client or provider sees as read (`messages.is_read`);
 * - a closed conversation is final: nobody writes in it any more (an admin's message is refused with
 *   a 409), there is no reopening; it can still be read, marked read and moderated (deletions);
 * - only a client's or provider's message can be deleted; the delete is soft (`deleted_at`,
 *   `deleted_by`): the message leaves the thread and the counts, and stays for disputes.
 * The counts on the conversation rows follow by triggers, in the same transaction.
 */

export const CONVERSATION_CLOSED = 'Cette conversation est fermée : il n’est plus possible d’y écrire.';
export const CONVERSATION_ALREADY_CLOSED = 'Cette conversation est déjà fermée.';
export const MESSAGE_NOT_FOUND = 'Message introuvable.';
export const ADMIN_MESSAGE_UNDELETABLE = 'Les messages des administrateurs ne peuvent pas être supprimés.';

/** Marks read (by the team) every unread message of the given conversations; returns how many. */
async function markMessagesRead(trx: Transaction<Database>, conversationIds: number[]): Promise<number> {
  const result = await trx
    .updateTable('messages')
    .set({ team_read_at: new Date().toISOString() })
    .where('conversation_id', 'in', conversationIds)
    .where('team_read_at', 'is', null)
    .where('deleted_at', 'is', null)
    .where('sender_type', '<>', 'admin')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markAllRead(db: Kysely<Database>, conversationId: number): Promise<MarkReadResult> {
  return runInTransaction(db, async (trx) => {
    const conversation = await trx
      .selectFrom('conversations')
      .select('id')
      .where('id', '=', conversationId)
      .executeTakeFirst();
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    const audit = await trackChanges(trx, 'conversation', [conversationId]);
    const marked = await markMessagesRead(trx, [conversationId]);
    await audit.record();
    return { marked_messages: marked };
  });
}

/** All or nothing: every id must exist (404 naming the missing ones), in one transaction. */
export async function bulkMarkRead(db: Kysely<Database>, ids: readonly number[]): Promise<MarkReadResult> {
  const unique = [...new Set(ids)];
  if (unique.length === 0)
    throw badRequest(NO_CONVERSATION_SELECTED, { conversation_ids: [NO_CONVERSATION_SELECTED] });
  return runInTransaction(db, async (trx) => {
    const found = await trx.selectFrom('conversations').select('id').where('id', 'in', unique).execute();
    const known = new Set(found.map((row) => row.id));
    const missing = unique.filter((id) => !known.has(id));
    if (missing.length > 0) throw notFound(`Conversations introuvables : ${missing.join(', ')}.`);
    const audit = await trackChanges(trx, 'conversation', unique);
    const marked = await markMessagesRead(trx, unique);
    await audit.record({ details: { bulk: true } });
    return { marked_messages: marked };
  });
}

/**
 * active → closed (final). 409 when already closed. The row is locked before the time is taken, so
 * `closed_at` follows every message written before the close.
 */
export async function closeConversation(db: Kysely<Database>, id: number): Promise<AdminConversation> {
  await runInTransaction(db, async (trx) => {
    const conversation = await lockRowsOnPostgres(
      trx.selectFrom('conversations').select(['id', 'status']).where('id', '=', id),
      dialectOf<Database>(trx),
    ).executeTakeFirst();
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    if (conversation.status !== 'active') throw conflict(CONVERSATION_ALREADY_CLOSED, 'conversation_closed');
    const audit = await trackChanges(trx, 'conversation', [id]);
    const now = new Date().toISOString();
    await trx
      .updateTable('conversations')
      .set({ status: 'closed', closed_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
    await audit.record();
  });
  return getConversation(db, id);
}

const NOTIFICATION_TITLE = 'Nouveau message de l’administration';
const EXCERPT_LENGTH = 120;

function excerpt(content: string): string {
  return content.length > EXCERPT_LENGTH ? `${content.slice(0, EXCERPT_LENGTH - 1)}…` : content;
}

/**
 * Writes an admin message (content trimmed, not empty) in an active conversation and notifies the
 * client and the provider (type `message`), in one transaction. Returns the new message.
 */
export async function addAdminMessage(
  db: Kysely<Database>,
  conversationId: number,
  adminId: number,
  content: string,
): Promise<ConversationMessage> {
  const text = content.trim();
  if (text === '') throw badRequest(EMPTY_ADMIN_MESSAGE, { content: [EMPTY_ADMIN_MESSAGE] });
  const messageId = await runInTransaction(db, async (trx) => {
    // Locked on PostgreSQL: a close running at the same moment waits, or is waited for.
    const conversation = await lockRowsOnPostgres(
      trx
        .selectFrom('conversations')
        .select(['id', 'status', 'client_id', 'provider_id'])
        .where('id', '=', conversationId),
      dialectOf<Database>(trx),
    ).executeTakeFirst();
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    if (conversation.status !== 'active') throw conflict(CONVERSATION_CLOSED, 'conversation_closed');
    const audit = await trackChanges(trx, 'conversation', [conversationId]);
    const now = new Date().toISOString();
    const inserted = await trx
      .insertInto('messages')
      .values({
        conversation_id: conversationId,
        sender_id: adminId,
        sender_type: 'admin',
        content: text,
        is_read: false,
        team_read_at: now,
        created_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversations')
      .set({ updated_at: now })
      .where('id', '=', conversationId)
      .execute();
    const admin = await trx
      .selectFrom('users')
      .select(['first_name', 'last_name', 'username'])
      .where('id', '=', adminId)
      .executeTakeFirst();
    const adminName = admin ? personName(admin, 'Administrateur') : 'Administrateur';
    await insertNotification(trx, {
      recipients: [conversation.client_id, conversation.provider_id],
      type: 'message',
      title: NOTIFICATION_TITLE,
      message: `${adminName} a écrit dans votre conversation #${conversationId} : « ${excerpt(text)} »`,
      createdBy: adminId,
      at: now,
    });
    await audit.record({ details: { message_id: inserted.id, content: text } });
    return inserted.id;
  });
  return getMessage(db, messageId, new Date());
}

/** Soft-deletes a client's or provider's message (an admin's: 409; missing or deleted: 404). */
export async function deleteMessage(db: Kysely<Database>, messageId: number, adminId: number): Promise<void> {
  await runInTransaction(db, async (trx) => {
    const target = await trx
      .selectFrom('messages')
      .select('conversation_id')
      .where('id', '=', messageId)
      .executeTakeFirst();
    if (!target) throw notFound(MESSAGE_NOT_FOUND);
    // The conversation first (as every action on a thread locks it), then the message.
    const audit = await trackChanges(trx, 'conversation', [target.conversation_id]);
    // Locked on PostgreSQL: of two concurrent deletes the second sees the first's and answers 404.
    const message = await lockRowsOnPostgres(
      trx
        .selectFrom('messages')
        .select(['id', 'sender_type'])
        .where('id', '=', messageId)
        .where('deleted_at', 'is', null),
      dialectOf<Database>(trx),
    ).executeTakeFirst();
    if (!message) throw notFound(MESSAGE_NOT_FOUND);
    if (message.sender_type === 'admin') throw conflict(ADMIN_MESSAGE_UNDELETABLE, 'admin_message');
    await trx
      .updateTable('messages')
      .set({ deleted_at: new Date().toISOString(), deleted_by: adminId })
      .where('id', '=', messageId)
      .where('deleted_at', 'is', null)
      .execute();
    // The message's text stays out of the journal: reading it is what the access log records.
    await audit.record({ details: { message_id: messageId, sender_type: message.sender_type } });
  });
}
