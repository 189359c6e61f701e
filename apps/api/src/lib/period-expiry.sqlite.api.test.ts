import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotificationRow } from '../modules/notifications/notifications.factories.js';
import { recordingSql } from '../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { PERIOD_COLUMNS, windowLosesARowAt } from './period-expiry.js';

/*
 * SQLite: when a kept answer over a period changes (lib/period-expiry.ts) is found in one range of an
 * index led by the period's column, never by reading the table: it is asked at each answer computed.
 */

describe('the instant a period loses a row, read from an index (sqlite)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  }, 60_000);
  afterAll(() => ctx.close());

  it('searches a range of an index led by the column for each period of the console', async () => {
    for (const [name, on] of Object.entries(PERIOD_COLUMNS)) {
      const { db: recording, texts } = recordingSql(ctx.db);
      const start = new Date('2026-11-24T00:00:00Z');
      await windowLosesARowAt(recording, on, start, 7 * 24 * 3600 * 1000);
      expect(texts, name).toHaveLength(1);
      const plan = await ctx.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${texts[0] ?? ''}`, [start.toISOString()]),
      );
      const details = plan.rows.map((row) => row.detail).join(' | ');
      expect(details, name).toMatch(
        new RegExp(`^SEARCH .* USING COVERING INDEX \\w+ \\(${on.column}>\\?\\)$`),
      );
    }
  });

  it('finds the oldest row of the window, and infinity when none is in it', async () => {
    const on = PERIOD_COLUMNS.notifications;
    const after = new Date('2100-01-01T00:00:00Z');
    expect(await windowLosesARowAt(ctx.db, on, after, 1000)).toBe(Number.POSITIVE_INFINITY);
    await insertNotificationRow(ctx.db, { user_id: ctx.adminId, created_at: '2100-01-02T00:00:00.000Z' });
    await insertNotificationRow(ctx.db, { user_id: ctx.adminId, created_at: '2100-01-03T00:00:00.000Z' });
    expect(await windowLosesARowAt(ctx.db, on, after, 1000)).toBe(
      Date.parse('2100-01-02T00:00:00.000Z') + 1000,
    );
  });
});
