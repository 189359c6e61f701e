import { SEARCH_COUNT_CAP, type UserPage } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { DENSITY_SAMPLE, mayReadInTextOrder, planSearch } from './search.js';

/*
 * A term with many matches among broad filters is counted in the text index's order on SQLite
 * (db/search.ts `inTextIndexOrder`): the same rows and the same capped count as any other way, the
 * matches read from the index newest first. PostgreSQL's planner chooses for itself.
 */

describe(`counting a common term in the text index's order (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  /** More matches than the density sample, so the plan is not a rare term's ids. */
  const COMMON = DENSITY_SAMPLE + 200;

  beforeAll(async () => {
    ctx = await createTestContext();
    // One transaction: on PostgreSQL each insert would otherwise commit on its own.
    await ctx.db.transaction().execute(async (trx) => {
      for (let index = 0; index < COMMON; index += 1) {
        const provider = index % 3 === 0;
        await insertUser(trx, {
          username: `comum${index}`,
          first_name: 'Comum',
          last_name: provider ? 'Prestador' : 'Cliente',
          role: provider ? 'provider' : 'client',
          date_joined: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
        });
      }
    });
  }, 120_000);

  afterAll(() => ctx.close());

  async function users(query: string): Promise<UserPage> {
    const response = await ctx.request('GET', `/api/users/${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UserPage>();
  }

  it('is taken on SQLite only, for a term whose plan does not already hold all its matches', async () => {
    const plan = await planSearch(ctx.db, 'users', 'comum');
    expect(mayReadInTextOrder(ctx.dialect, 'users', 'comum', plan)).toBe(ctx.dialect === 'sqlite');
    // one character, which no trigram serves
    expect(mayReadInTextOrder(ctx.dialect, 'users', 'c', plan)).toBe(false);
    expect(mayReadInTextOrder('sqlite', 'users', 'comum', { kind: 'ids', ids: [1] })).toBe(false);
    expect(mayReadInTextOrder('sqlite', 'users', undefined, plan)).toBe(false);
  });

  it('answers the same capped count and the same page under a broad filter', async () => {
    const clients = COMMON - Math.ceil(COMMON / 3);
    const page = await users('?search=comum&role=client');
    expect(clients).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(page.count).toBe(SEARCH_COUNT_CAP);
    expect(page.count_capped).toBe(true);
    expect(page.stats).toBeNull();
    // newest first, clients only
    expect(page.results[0]?.username).toBe(`comum${COMMON - 1 - ((COMMON - 1) % 3 === 0 ? 1 : 0)}`);
    expect(page.results.every((user) => user.role === 'client')).toBe(true);
  });

  it('counts exactly when fewer than the cap pass the filters, and zero when none do', async () => {
    const providers = await users('?search=comum&role=provider');
    expect(providers.count_capped).toBeUndefined();
    expect(providers.count).toBe(Math.ceil(COMMON / 3));
    expect(providers.results.every((user) => user.role === 'provider')).toBe(true);
    const admins = await users('?search=comum&role=admin');
    expect(admins).toMatchObject({ count: 0, results: [] });
    const pending = await users('?search=comum&verification_status=pending');
    expect(pending).toMatchObject({ count: 0, results: [] });
  });
});
