import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSearchText } from '../../lib/search-text.js';
import { insertUser } from '../../test/factories.js';
import { recordingRowCounts } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { listNotifications } from './notifications.reads.js';

/*
 * A period's count past the cap (`?period=week`): its start moves with the clock, so no proof of it is
 * ever asked twice. The database counts up to the cap; no match is handed to JavaScript (on
 * PostgreSQL each request read 1,101 ids to keep as witnesses nobody would check).
 */

const UNFILTERED = { search: undefined, notification_type: undefined, is_read: undefined } as const;

describe('the notifications of a period past the cap', () => {
  let ctx: TestContext;
  const inPeriod = SEARCH_COUNT_CAP + 50;

  beforeAll(async () => {
    ctx = await createTestContext();
    const userId = await insertUser(ctx.db, { first_name: 'Ana', last_name: 'Periodo' });
    const now = Date.now();
    const rows = Array.from({ length: inPeriod + 20 }, (_, index) => {
      // The last 20 are older than 30 days: outside every period.
      const at = index < inPeriod ? now - (index + 1) * 60_000 : now - (40 + index - inPeriod) * 86_400_000;
      // The newest 30 are urgent: a search of a period under the cap.
      const title = index < 30 ? `Urgence ${index}` : `Rappel ${index}`;
      const message = 'Votre projet attend une réponse';
      return {
        user_id: userId,
        notification_type: 'system' as const,
        priority: 'normal' as const,
        is_read: false,
        created_at: new Date(at).toISOString(),
        title,
        message,
        search_text: notificationSearchText({ title, message }),
      };
    });
    for (let start = 0; start < rows.length; start += 200) {
      await ctx.db
        .insertInto('notifications')
        .values(rows.slice(start, start + 200))
        .execute();
    }
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('is counted up to the cap by the database, without reading the matches', async () => {
    const { db, rowCounts } = recordingRowCounts(ctx.db);
    const page = await listNotifications(db, { ...UNFILTERED, page: 1, page_size: 10, period: 'week' });
    expect(page.count).toBe(SEARCH_COUNT_CAP);
    expect(page.count_capped).toBe(true);
    expect(page.results).toHaveLength(10);
    expect(rowCounts.length).toBeGreaterThan(0);
    expect(Math.max(...rowCounts)).toBeLessThanOrEqual(10);
  });

  it('with a search, still counted, and read among its matches when they are under the cap', async () => {
    const searched = await listNotifications(ctx.db, {
      ...UNFILTERED,
      page: 1,
      page_size: 10,
      period: 'month',
      search: 'rappel',
    });
    expect(searched).toMatchObject({ count: SEARCH_COUNT_CAP, count_capped: true });
    const urgent = await listNotifications(ctx.db, {
      ...UNFILTERED,
      page: 1,
      page_size: 10,
      period: 'week',
      search: 'urgence',
    });
    expect(urgent).toMatchObject({ count: 30, count_capped: false });
    expect(urgent.results.map((row) => row.title)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Urgence ${index}`),
    );
  });
});
