import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../db/schema.js';

/**
 * The summaries kept on every conversation row, the kept totals and the day counts agree with a
 * computation from the messages themselves.
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
  // The conversations by day of last activity (UTC) and unread or not (conversation-activity-days).
  const days = new Map<string, number>();
  for (const conversation of conversations) {
    const day = new Date(Date.parse(conversation.last_activity_at)).toISOString().slice(0, 10);
    const bucket = `${day}|${Number(conversation.unread_messages) > 0 ? 1 : 0}`;
    days.set(bucket, (days.get(bucket) ?? 0) + 1);
  }
  const kept = await db
    .selectFrom('list_counters')
    .select(['bucket', 'n'])
    .where('list', '=', 'conversations_day')
    .execute();
  expect(
    Object.fromEntries(kept.filter((row) => Number(row.n) !== 0).map((row) => [row.bucket, Number(row.n)])),
  ).toEqual(Object.fromEntries(days));
  const figures = await db.selectFrom('conversation_figures').select(['name', 'n']).execute();
  const figure = (name: string) => Number(figures.find((row) => row.name === name)?.n ?? 0);
  expect({ messages: figure('messages'), with_unread: figure('with_unread') }).toEqual({
    messages: messages.length,
    with_unread: withUnread,
  });
}
