import type { Insertable, Kysely } from 'kysely';
import type { ConversationsTable, Database, MessagesTable } from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';

/** Inserts a conversation (active, created now unless told); its summary starts empty. */
export async function insertConversation(
  db: Kysely<Database>,
  values: Partial<Insertable<ConversationsTable>> & { client_id: number; provider_id: number },
): Promise<number> {
  const createdAt = values.created_at ?? nowIso();
  const row = await db
    .insertInto('conversations')
    .values({
      project_id: null,
      status: 'active',
      updated_at: createdAt,
      closed_at: null,
      ...values,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a message; unless told, a client's message, unread by the recipient and by the team. */
export async function insertMessage(
  db: Kysely<Database>,
  values: Partial<Insertable<MessagesTable>> & { conversation_id: number },
): Promise<number> {
  const row = await db
    .insertInto('messages')
    .values({
      sender_id: null,
      sender_type: 'client',
      content: 'Bonjour',
      is_read: false,
      team_read_at: null,
      created_at: nowIso(),
      deleted_at: null,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
