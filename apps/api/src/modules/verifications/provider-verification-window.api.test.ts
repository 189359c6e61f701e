import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { pageOfProviderVerifications } from './provider-verifications.reads.js';
import { insertProviderVerification } from './verifications.factories.js';

/*
 * A submission window (`days`) starts at a time that moves with the clock: its page statement is kept
 * by its filters and takes that start as a value (db/paginate.ts `PageWindow.since`). Read at several
 * times, each page holds the submissions of its own window, oldest first or newest first.
 */
describe(`provider verifications of a submission window (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  /** Submitted at noon on 25 to 31 October, in that order. */
  const submitted: { id: number; at: string }[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    for (let date = 25; date <= 31; date += 1) {
      const at = new Date(Date.UTC(2026, 9, date, 12)).toISOString();
      submitted.push({ id: await insertProviderVerification(ctx.db, { submitted_at: at }), at });
    }
  });
  afterAll(() => ctx.close());

  it('lists and counts the window of each time, newest or oldest first', async () => {
    const nows = ['2026-10-28T13:00:00.000Z', '2026-10-30T11:00:00.000Z', '2026-11-01T13:00:00.000Z'];
    for (const iso of nows) {
      const now = new Date(iso);
      const since = now.getTime() - 3 * 24 * 3600 * 1000;
      const inWindow = submitted.filter((row) => Date.parse(row.at) >= since).map((row) => row.id);
      for (const oldestFirst of [false, true]) {
        const page = await pageOfProviderVerifications(
          ctx.db,
          { days: 3 },
          { limit: 20, offset: 0, oldestFirst },
          { now, urgentHours: 48, signer: null },
        );
        const expected = oldestFirst ? inWindow : [...inWindow].reverse();
        expect(
          page.results.map((row) => row.id),
          `${iso} ${oldestFirst ? 'oldest' : 'newest'} first`,
        ).toEqual(expected);
        expect(page.count, iso).toBe(inWindow.length);
      }
    }
  });
});
