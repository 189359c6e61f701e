import { NotificationListQuery, SEARCH_COUNT_CAP } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { provenThenWitnessed, recordingSql } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertNotificationRow } from './notifications.factories.js';
import { listNotifications } from './notifications.reads.js';

/*
 * SQLite: a notifications search beside the read flag. The broadcasts are searched first, and a term
 * none of them holds leaves their branch out (it walked the flag's index for copies of no broadcast);
 * beside a search served by indexes the flag's and the type's indexes stand aside (`+is_read`: SQLite
 * guessed each held ten rows and walked all the read or unread notifications); a count past the cap
 * keeps witnesses.
 */

describe('a notifications search beside the read flag (sqlite)', () => {
  let ctx: TestContext;
  /** Unread notifications holding 'kinaxixi', past the cap; as many read ones. */
  const UNREAD = SEARCH_COUNT_CAP + 20;

  beforeAll(async () => {
    ctx = await createTestContext();
    const recipient = await insertUser(ctx.db, { first_name: 'Outro', last_name: 'Membro' });
    for (let index = 0; index < 2 * UNREAD; index += 1) {
      await insertNotificationRow(ctx.db, {
        user_id: recipient,
        title: `Kinaxixi ${index}`,
        is_read: index % 2 === 1,
        created_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      });
    }
  }, 60_000);
  afterAll(() => ctx.close());

  const list = (db: typeof ctx.db, query: Record<string, string>) =>
    listNotifications(db, NotificationListQuery.parse(query), new Date());

  it('leaves out the branch of broadcasts none of which holds the term, and the flag’s index', async () => {
    const { db, texts } = recordingSql(ctx.db);
    const listed = await list(db, { search: 'kinaxixi', is_read: 'false' });
    expect([listed.count, listed.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
    expect(listed.results.map((row) => row.title)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Kinaxixi ${2 * UNREAD - 2 - 2 * index}`),
    );
    // The count's and the page's statements (the sample of the text index's matches aside).
    const searches = texts.filter((text) => text.includes('"notifications"."is_read"'));
    expect(searches.length).toBeGreaterThan(0);
    for (const text of searches) {
      expect(text).not.toContain('"broadcast_id" in');
      expect(text).toContain('+"notifications"."is_read" = ?');
    }
    // The type's index as well (every notification here is a system one).
    texts.length = 0;
    const typed = await list(db, { search: 'kinaxixi', is_read: 'false', notification_type: 'system' });
    expect([typed.count, typed.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
    const typedSearches = texts.filter((text) => text.includes('"notifications"."notification_type"'));
    expect(typedSearches.length).toBeGreaterThan(0);
    for (const text of typedSearches) expect(text).toContain('+"notifications"."notification_type" = ?');
  });

  it('checks the witnesses of its first proof past the cap on the next request', async () => {
    const query = { search: 'kinaxixi', is_read: 'true' };
    const answers = await provenThenWitnessed(ctx.db, (db) => list(db, query));
    for (const answer of answers) {
      expect([answer.count, answer.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
      expect(answer.results[0]?.title).toBe(`Kinaxixi ${2 * UNREAD - 1}`);
    }
  });
});
