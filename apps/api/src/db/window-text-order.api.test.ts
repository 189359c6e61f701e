import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertConversation } from '../modules/conversations/conversations.factories.js';
import { countsInTextOrder } from '../modules/conversations/conversations.repository.js';
import { insertProvider } from '../modules/providers/providers.factories.js';
import { planVerificationSearch } from '../modules/verifications/verification-search.js';
import {
  insertNamesakes,
  insertProviderVerification,
} from '../modules/verifications/verifications.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { CAP_SAMPLE, countUpToBroad, planSearch } from './search.js';

/*
 * A search beside a time window (conversations `?period=`, provider verifications `?days=`): on
 * SQLite, a common term is counted in its text index's order when the window holds a broad share of
 * the list, as under any other broad filter, one-character terms (word starts) included; a narrow
 * window keeps its own index. Whichever way, the same count and the same page. PostgreSQL's planner
 * chooses for itself.
 */

interface Page<R> {
  count: number;
  count_capped?: boolean;
  results: R[];
}

const DAY_MS = 24 * 3_600_000;

describe(`a search beside a time window (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  /** Conversations and verifications holding the term: past the plan's sample, so not a rare term. */
  const MATCHES = CAP_SAMPLE + 400;
  /** Every fifth match is in the week (281); the others two months old. */
  const inWeek = (index: number) => index % 5 === 0;
  const IN_WEEK = Math.ceil(MATCHES / 5);
  /** Rows without the term: the week's share of the list stays broad (a fifth). */
  const OTHERS = 200;
  const now = Date.now();
  const at = (index: number) =>
    new Date(now - (inWeek(index) ? 2 * DAY_MS : 60 * DAY_MS) - index * 60_000).toISOString();
  const expected = { conversations: [] as number[], verifications: [] as number[] };

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.transaction().execute(async (trx) => {
      const { clients, providers } = await insertNamesakes(trx, 20, 'Quitexe');
      const otherClient = await insertUser(trx, {
        first_name: 'Bento',
        last_name: 'Mavinga',
        role: 'client',
      });
      const otherProvider = (await insertProvider(trx, { first_name: 'Bento', last_name: 'Mavinga' })).userId;
      for (let index = 0; index < MATCHES + OTHERS; index += 1) {
        const matching = index < MATCHES;
        const time = matching ? at(index) : new Date(now - DAY_MS - index * 60_000).toISOString();
        const conversation = await insertConversation(trx, {
          client_id: matching ? (clients[index % 20] ?? 0) : otherClient,
          provider_id: matching ? (providers[(index * 7) % 20] ?? 0) : otherProvider,
          created_at: time,
        });
        const verification = await insertProviderVerification(trx, {
          user_id: matching ? (providers[index % 20] ?? 0) : otherProvider,
          submitted_at: time,
        });
        if (matching && inWeek(index)) {
          expected.conversations.push(conversation);
          expected.verifications.push(verification);
        }
      }
    });
  }, 180_000);

  afterAll(() => ctx.close());

  async function list<R>(path: string): Promise<Page<R>> {
    const response = await ctx.request('GET', path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<R>>();
  }

  /** `ids` newest first by `column` (then id), as each list orders them. */
  async function newestFirst(
    table: 'conversations' | 'provider_verifications',
    column: 'last_activity_at' | 'submitted_at',
    ids: number[],
  ): Promise<number[]> {
    const rows = await ctx.db.selectFrom(table).select(['id', column]).where('id', 'in', ids).execute();
    return rows
      .map((row) => ({ id: row.id, time: String((row as Record<string, unknown>)[column]) }))
      .sort((a, b) => (a.time === b.time ? b.id - a.id : b.time.localeCompare(a.time)))
      .map((row) => row.id);
  }

  it("reads a common term's matches in the text index's order when the window is broad (SQLite)", async () => {
    const sqlite = ctx.dialect === 'sqlite';
    const plan = await planSearch(ctx.db, 'conversations', 'quitexe');
    expect(plan.kind).not.toBe('ids');
    const week = { search: 'quitexe', period: 'week' } as const;
    expect(await countsInTextOrder(ctx.db, week, plan, new Date(now))).toBe(sqlite);
    // One character: its word starts, read the same way.
    const letter = await planSearch(ctx.db, 'conversations', 'q');
    expect(await countsInTextOrder(ctx.db, { ...week, search: 'q' }, letter, new Date(now))).toBe(sqlite);
    // A week a year on holds none of the conversations: its own index serves it.
    const later = new Date(now + 365 * DAY_MS);
    expect(await countsInTextOrder(ctx.db, week, plan, later)).toBe(false);
    // One person's conversations: their own index.
    expect(await countsInTextOrder(ctx.db, { ...week, client: 1 }, plan, new Date(now))).toBe(false);
  });

  it('counts the window of a verification list up to the broad share only', async () => {
    const total = MATCHES + OTHERS;
    const window = (days: number) =>
      ctx.db
        .selectFrom('provider_verifications')
        .where('submitted_at', '>=', new Date(now - days * DAY_MS).toISOString())
        .select('id');
    // A week holds 481 of 1,601 (281 matches, 200 others); counted up to a tenth, 161.
    expect(await countUpToBroad(ctx.db, window(7), total)).toBe(Math.ceil(total / 10));
    expect(await countUpToBroad(ctx.db, window(0), total)).toBe(0);
    const planned = (days: number) =>
      planVerificationSearch(ctx.db, 'provider_verifications', 'q', {
        unfiltered: false,
        pageEnd: 20,
        keptShare: async () => ({ kept: await countUpToBroad(ctx.db, window(days), total), total }),
      });
    expect((await planned(7)).textOrder).toBe(ctx.dialect === 'sqlite');
    expect((await planned(0)).textOrder).toBe(false);
    /* Beside a submission window (SQLite): 1,401 matches cost less to gather than the 11,000 rows
       read in the text index's order to meet WITNESSES in a window of a tenth (db/search.ts
       `windowPlan`): the window's index probed among them, for the count and the page. */
    const windowed = await planVerificationSearch(ctx.db, 'provider_verifications', 'q', {
      unfiltered: false,
      pageEnd: 20,
      window: true,
      keptShare: async () => ({ kept: await countUpToBroad(ctx.db, window(7), total), total }),
    });
    const probed = windowed.windowPlans?.get('provider_verifications');
    expect(probed?.kind === 'index' && probed.probe === true).toBe(ctx.dialect === 'sqlite');
    expect(windowed.textOrder).toBe(false);
    expect(windowed.rowsPlans).toBe(windowed.windowPlans ?? windowed.plans);
  });

  it('answers the exact count and the same pages of conversations, by the term or its first letter', async () => {
    const ordered = await newestFirst('conversations', 'last_activity_at', expected.conversations);
    expect(ordered).toHaveLength(IN_WEEK);
    expect(IN_WEEK).toBeLessThan(SEARCH_COUNT_CAP);
    for (const term of ['quitexe', 'q', 'quit']) {
      for (const page of [1, 3]) {
        const answer = await list<{ id: number }>(
          `/api/admin/conversations/?search=${term}&period=week&page=${page}&page_size=20`,
        );
        expect([answer.count, answer.count_capped], `${term} page ${page}`).toEqual([IN_WEEK, undefined]);
        expect(answer.results.map((row) => row.id)).toEqual(ordered.slice((page - 1) * 20, page * 20));
      }
    }
    // No conversation of the term has an unread message; the month holds the week's.
    expect(await list('/api/admin/conversations/?search=q&period=week&has_unread=true')).toMatchObject({
      count: 0,
      results: [],
    });
    expect((await list('/api/admin/conversations/?search=quitexe&period=month')).count).toBe(IN_WEEK);
    // Without the window: past the cap.
    expect(await list('/api/admin/conversations/?search=q')).toMatchObject({
      count: SEARCH_COUNT_CAP,
      count_capped: true,
    });
  });

  it('answers the exact count and the same pages of provider verifications submitted within the days', async () => {
    const ordered = await newestFirst('provider_verifications', 'submitted_at', expected.verifications);
    for (const term of ['quitexe', 'q']) {
      for (const page of [1, 2]) {
        const answer = await list<{ id: number }>(
          `/api/admin/provider-verification/?search=${term}&days=7&page=${page}&page_size=20`,
        );
        expect([answer.count, answer.count_capped], `${term} page ${page}`).toEqual([IN_WEEK, undefined]);
        expect(answer.results.map((row) => row.id)).toEqual(ordered.slice((page - 1) * 20, page * 20));
      }
    }
    expect(
      await list('/api/admin/provider-verification/?search=quitexe&days=7&status=verified'),
    ).toMatchObject({ count: 0, results: [] });
  });
});
