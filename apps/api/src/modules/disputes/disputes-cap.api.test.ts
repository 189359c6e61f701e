import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertCrackedCeilings, insertDisputes } from './disputes.factories.js';

interface DisputesAnswer {
  count: number;
  count_capped?: boolean;
  status_counts: Record<string, number>;
  results: { id: number; title: string; status: string }[];
}

async function getDisputes(ctx: TestContext, url: string): Promise<DisputesAnswer> {
  return (await ctx.app.inject({ method: 'GET', url, headers: ctx.auth })).json<DisputesAnswer>();
}

describe('disputes search counted up to the cap', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await insertCrackedCeilings(ctx.db, SEARCH_COUNT_CAP + 20);
  });
  afterAll(() => ctx.close());

  const get = (url: string) => getDisputes(ctx, url);

  it('stops counting at the cap and says so, with or without a status', async () => {
    const all = await get('/api/disputes/?search=plafond');
    expect(all.count).toBe(SEARCH_COUNT_CAP);
    expect(all.count_capped).toBe(true);
    expect(all.results[0]?.title).toBe(`Plafond fissuré ${SEARCH_COUNT_CAP + 19}`);
    const open = await get('/api/disputes/?search=plafond&status=open');
    expect(open.count).toBe((SEARCH_COUNT_CAP + 20) / 2);
    expect(open.count_capped).toBeUndefined();
    const unfiltered = await get('/api/disputes/');
    expect(unfiltered.count).toBe(SEARCH_COUNT_CAP + 20);
    expect(unfiltered.count_capped).toBeUndefined();
    expect(unfiltered.status_counts).toEqual({
      open: (SEARCH_COUNT_CAP + 20) / 2,
      under_review: 0,
      resolved: (SEARCH_COUNT_CAP + 20) / 2,
      closed: 0,
    });
  });

  it('reads the pages of a search under the cap among its matches, newest first, to the last one', async () => {
    const open = (SEARCH_COUNT_CAP + 20) / 2;
    const first = await get('/api/disputes/?search=plafond&status=open');
    const size = first.results.length;
    expect(size).toBeGreaterThan(1);
    const second = await get('/api/disputes/?search=plafond&status=open&page=2');
    // The open disputes are the even ones; the newest is the last inserted even one.
    expect([...first.results, ...second.results].map((dispute) => dispute.title)).toEqual(
      Array.from({ length: 2 * size }, (_, index) => `Plafond fissuré ${SEARCH_COUNT_CAP + 18 - 2 * index}`),
    );
    const lastPage = Math.ceil(open / size);
    const last = await get(`/api/disputes/?search=plafond&status=open&page=${lastPage}`);
    expect(last.count).toBe(open);
    const left = open - (lastPage - 1) * size;
    // The oldest open disputes: 2 × (left - 1) down to 0.
    expect(last.results.map((dispute) => dispute.title)).toEqual(
      Array.from({ length: left }, (_, index) => `Plafond fissuré ${2 * (left - 1 - index)}`),
    );
  });
});

describe('a dispute search under the cap, with a status', () => {
  let ctx: TestContext;
  const STATUSES = ['open', 'resolved', 'under_review'] as const;

  beforeAll(async () => {
    ctx = await createTestContext();
    const clientId = await insertUser(ctx.db, { first_name: 'Ana', last_name: 'Kiala' });
    const providerId = await insertUser(ctx.db, { role: 'provider', first_name: 'Rui', last_name: 'Santos' });
    await insertDisputes(
      ctx.db,
      Array.from({ length: 90 }, (_, index) => {
        // Two terms: 'fuite' (two disputes in three) and 'toiture'; creation times shared by pairs.
        const created = new Date(Date.UTC(2026, 0, 1) + Math.floor(index / 2) * 60_000).toISOString();
        const status = STATUSES[index % STATUSES.length] ?? 'open';
        return {
          title: index % 3 === 2 ? `Toiture ${index}` : `Fuite ${index}`,
          description: 'Dégâts',
          status,
          client_id: clientId,
          provider_id: providerId,
          created_at: created,
          resolved_at: status === 'resolved' ? created : null,
        };
      }),
    );
  });
  afterAll(() => ctx.close());

  const get = (url: string) => getDisputes(ctx, url);

  it('reads the status page by page among the search matches, newest first (id breaks ties)', async () => {
    const all = await ctx.db
      .selectFrom('disputes')
      .select(['id', 'title', 'status', 'created_at'])
      .where('title', 'like', 'Fuite%')
      .where('status', '=', 'open')
      .execute();
    const expected = all
      .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || b.id - a.id)
      .map((row) => row.title);
    expect(expected.length).toBe(30);
    const first = await get('/api/disputes/?search=fuite&status=open&page_size=20');
    expect(first).toMatchObject({
      count: 30,
      status_counts: { open: 30, resolved: 30, under_review: 0, closed: 0 },
    });
    expect(first.count_capped).toBeUndefined();
    const second = await get('/api/disputes/?search=fuite&status=open&page_size=20&page=2');
    expect([...first.results, ...second.results].map((dispute) => dispute.title)).toEqual(expected);
    const none = await get('/api/disputes/?search=toiture&status=closed');
    expect(none).toMatchObject({ count: 0, results: [], status_counts: { under_review: 30, closed: 0 } });
  });
});
