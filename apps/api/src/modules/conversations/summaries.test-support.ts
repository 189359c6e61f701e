import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../db/schema.js';

/**
 * The summaries kept on every conversation row, and the kept totals, agree with a computation from
 * the messages themselves.
 */
export async function expectSummariesExact(db: Kysely<Database>): Promise<void> {
  const messages = await db.selectFrom('messages').selectAll().where('deleted_at', 'is', null).execute();
  const conversations = await db.selectFrom('conversations').selectAll().execute();
  let withUnread = 0;
  for (const conversation of conversations) {
    const own = messages
      .filter((message) => message.conversation_id === conversation.id)
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
    const unread = own.filter(
      (message) => message.team_read_at === null && message.sender_type !== 'admin',
    ).length;
    if (unread > 0) withUnread += 1;
    const last = own.at(-1);
    expect(
      {
        total: Number(conversation.total_messages),
        unread: Number(conversation.unread_messages),
        last: conversation.last_message_id,
        activity: Date.parse(conversation.last_activity_at),
      },
      `conversation ${conversation.id}`,
    ).toEqual({
      total: own.length,
      unread,
      last: last?.id ?? null,
      activity: Date.parse(last?.created_at ?? conversation.created_at),
    });
  }
  const figures = await db.selectFrom('conversation_figures').select(['name', 'n']).execute();
  const figure = (name: string) => Number(figures.find((row) => row.name === name)?.n ?? 0);
  expect({ messages: figure('messages'), with_unread: figure('with_unread') }).toEqual({
    messages: messages.length,
    with_unread: withUnread,
  });
}
