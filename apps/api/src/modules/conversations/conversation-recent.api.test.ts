import { ConversationListQuery } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { recordingStatements } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { periodStart } from './conversation-times.js';
import { insertConversation, insertMessage } from './conversations.factories.js';
import { getConversationStats, listConversations } from './conversations.repository.js';

/*
 * The statistics' conversations active in the last 24 hours: the whole days after the window's first
 * from the kept day counts, that first day's hours through the activity index. Whatever the time of
 * day, the answer is the count of conversations whose last activity is within the window.
 */

const HOUR = 3_600_000;

describe('conversations active in the last 24 hours', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    const client = await insertUser(ctx.db, { first_name: 'Ana' });
    const provider = await insertUser(ctx.db, { role: 'provider', first_name: 'Rui' });
    const start = Date.parse('2026-03-08T00:00:00.000Z');
    // One conversation every 50 minutes over three days; every fifth moved later by a message.
    for (let index = 0; index < 87; index += 1) {
      const created = new Date(start + index * 50 * 60_000).toISOString();
      const id = await insertConversation(ctx.db, {
        client_id: client,
        provider_id: provider,
        created_at: created,
      });
      if (index % 5 === 0) {
        await insertMessage(ctx.db, {
          conversation_id: id,
          sender_id: client,
          created_at: new Date(Date.parse(created) + 7 * HOUR).toISOString(),
        });
      }
    }
  });

  afterAll(() => ctx.close());

  const activeSince = async (since: Date): Promise<number> => {
    const rows = await ctx.db.selectFrom('conversations').select('last_activity_at').execute();
    return rows.filter((row) => Date.parse(String(row.last_activity_at)) >= since.getTime()).length;
  };

  it('counts the window exactly at any time of day', async () => {
    const nows = [
      '2026-03-10T00:00:00.000Z',
      '2026-03-10T00:30:00.000Z',
      '2026-03-10T12:00:00.000Z',
      '2026-03-10T23:59:00.000Z',
      '2026-03-09T07:10:00.000Z',
    ];
    for (const iso of nows) {
      const now = new Date(iso);
      const expected = await activeSince(new Date(now.getTime() - 24 * HOUR));
      expect(expected, iso).toBeGreaterThan(0);
      // The 24 hours and the kept totals beside them: one statement.
      const { db: recording, statements } = recordingStatements(ctx.db);
      const stats = await getConversationStats(recording, now);
      expect(statements).toHaveLength(1);
      expect(stats.recent_conversations, iso).toBe(expected);
      expect(stats.total_conversations).toBe(87);
      expect(stats.conversations_with_unread).toBe(
        (await ctx.db.selectFrom('conversations').select('id').where('unread_messages', '>', 0).execute())
          .length,
      );
      expect(stats.total_messages).toBe(
        (await ctx.db.selectFrom('messages').select('id').where('deleted_at', 'is', null).execute()).length,
      );
    }
  });

  it("counts and lists a list period's conversations exactly, unread or not, whichever side of its start is read", async () => {
    const rows = await ctx.db
      .selectFrom('conversations')
      .select(['id', 'last_activity_at', 'unread_messages'])
      .orderBy('last_activity_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const nows = ['2026-03-10T00:30:00.000Z', '2026-03-10T11:00:00.000Z', '2026-03-10T18:00:00.000Z'];
    for (const iso of nows) {
      const now = new Date(iso);
      for (const period of ['today', 'week'] as const) {
        for (const has_unread of [undefined, true, false]) {
          const since = periodStart(period, now).getTime();
          const expected = rows.filter(
            (row) =>
              Date.parse(String(row.last_activity_at)) >= since &&
              (has_unread === undefined || Number(row.unread_messages) > 0 === has_unread),
          );
          const page = await listConversations(
            ctx.db,
            ConversationListQuery.parse({
              period,
              page_size: '20',
              ...(has_unread === undefined ? {} : { has_unread: String(has_unread) }),
            }),
            now,
          );
          expect(page.count, `${iso} ${period} ${String(has_unread)}`).toBe(expected.length);
          // Each time and period runs the page statement kept for its filters with its own start.
          expect(
            page.results.map((conversation) => conversation.id),
            `${iso} ${period} ${String(has_unread)}`,
          ).toEqual(expected.slice(0, 20).map((row) => row.id));
        }
      }
    }
  });
});
