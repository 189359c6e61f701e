import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProvider } from '../modules/providers/providers.factories.js';
import {
  insertClientVerification,
  insertNamesakes,
  insertProviderVerification,
} from '../modules/verifications/verifications.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';

/*
 * Both verification lists count a common term under a broad filter (a status, an account type) in
 * their text index's order on SQLite (db/search.ts `inTextIndexOrder`): the same count, capped or
 * exact, and the same page as any other way, deleted users' verifications left out. PostgreSQL's
 * planner chooses for itself.
 */

interface Answer {
  count: number;
  count_capped?: boolean;
  results: { id: number; verification_status: string; submitted_at: string }[];
}

describe(`verification searches under broad filters (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  /** Matches of each list's term: past the sample, so the term is planned through its index. */
  const MATCHES = SEARCH_COUNT_CAP + 600;
  /** Every fourth match is rejected (400), the others pending (1,200); a deleted user holds 50 more, rejected. */
  const status = (index: number) => (index % 4 === 3 ? 'rejected' : 'pending');
  const REJECTED = MATCHES / 4;
  const expected = { client: [] as number[], provider: [] as number[] };

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.transaction().execute(async (trx) => {
      const { clients, providers } = await insertNamesakes(trx, 20, 'Cacuaco');
      const deletedClient = await insertUser(trx, { last_name: 'Cacuaco', role: 'client' });
      const deletedProvider = (await insertProvider(trx, { last_name: 'Cacuaco' })).userId;
      for (let index = 0; index < MATCHES + 50; index += 1) {
        const left = index >= MATCHES;
        const at = new Date(Date.UTC(2026, 5, 1) + ((index * 7_919) % 3_000) * 60_000).toISOString();
        const values = { verification_status: left ? 'rejected' : status(index), submitted_at: at } as const;
        const client = await insertClientVerification(trx, {
          ...values,
          user_id: left ? deletedClient : (clients[index % 20] ?? 0),
        });
        const provider = await insertProviderVerification(trx, {
          ...values,
          user_id: left ? deletedProvider : (providers[index % 20] ?? 0),
          is_business: index % 2 === 0,
        });
        if (!left && status(index) === 'rejected') {
          expected.client.push(client);
          expected.provider.push(provider);
        }
      }
      await trx
        .updateTable('users')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', 'in', [deletedClient, deletedProvider])
        .execute();
    });
  }, 120_000);

  afterAll(() => ctx.close());

  async function list(path: string): Promise<Answer> {
    const response = await ctx.request('GET', path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Answer>();
  }

  type Table = 'client_verifications' | 'provider_verifications';
  /** The ids of `table`'s rows of `status`, in id order. */
  async function idsOfStatus(table: Table, status: 'pending' | 'rejected'): Promise<number[]> {
    const rows = await ctx.db
      .selectFrom(table)
      .select('id')
      .where('verification_status', '=', status)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }
  /** Gives the rows `ids` of `table` the status `status` (decisions, as written by the database). */
  async function setStatus(table: Table, status: 'pending' | 'verified' | 'rejected', ids: number[]) {
    await ctx.db.updateTable(table).set({ verification_status: status }).where('id', 'in', ids).execute();
  }

  it('answers "more than the cap" when more than the cap pass the filter, newest first', async () => {
    for (const path of [
      '/api/admin/client-verification/?search=cacuaco&verification_status=pending',
      '/api/admin/provider-verification/?search=cacuaco&status=pending',
    ]) {
      const page = await list(path);
      expect([page.count, page.count_capped], path).toEqual([SEARCH_COUNT_CAP, true]);
      expect(page.results.length).toBeGreaterThan(0);
      expect(page.results.every((row) => row.verification_status === 'pending')).toBe(true);
    }
  });

  it('counts exactly when fewer than the cap pass, and reads them newest first', async () => {
    const clients = await list('/api/admin/client-verification/?search=cacuaco&verification_status=rejected');
    expect([clients.count, clients.count_capped]).toEqual([REJECTED, undefined]);
    const providers = await list('/api/admin/provider-verification/?search=cacuaco&status=rejected');
    expect([providers.count, providers.count_capped]).toEqual([REJECTED, undefined]);
    for (const [answer, ids] of [
      [clients, expected.client],
      [providers, expected.provider],
    ] as const) {
      expect(answer.results.every((row) => row.verification_status === 'rejected')).toBe(true);
      expect(answer.results.map((row) => row.id).every((id) => ids.includes(id))).toBe(true);
      const times = answer.results.map((row) => row.submitted_at);
      expect(times).toEqual([...times].sort().reverse());
    }
    const business = await list(
      '/api/admin/provider-verification/?search=cacuaco&status=rejected&is_business=true',
    );
    // Rejected matches are every fourth (index 3 mod 4): odd indexes, never business accounts.
    expect(business).toMatchObject({ count: 0, results: [] });
    const personal = await list(
      '/api/admin/provider-verification/?search=cacuaco&status=rejected&is_business=false',
    );
    expect(personal.count).toBe(REJECTED);
  });

  it('counts exactly at once when decisions take a capped set under the cap', async () => {
    const paths = {
      client_verifications: '/api/admin/client-verification/?search=cacuaco&verification_status=pending',
      provider_verifications: '/api/admin/provider-verification/?search=cacuaco&status=pending',
    } as const;
    for (const [table, path] of Object.entries(paths) as [keyof typeof paths, string][]) {
      // Twice past the cap: the second answer checks what the first one proved (db/capped-witnesses).
      for (let round = 0; round < 2; round += 1) {
        expect(await list(path)).toMatchObject({ count: SEARCH_COUNT_CAP, count_capped: true });
      }
      const pending = await idsOfStatus(table, 'pending');
      const keep = 10;
      await setStatus(table, 'verified', pending.slice(keep));
      const after = await list(path);
      expect([after.count, after.count_capped], path).toEqual([keep, undefined]);
      expect(after.results.map((row) => row.id).sort((a, b) => a - b)).toEqual(pending.slice(0, keep));
      // Back to pending: past the cap again.
      await setStatus(table, 'pending', pending.slice(keep));
      expect(await list(path)).toMatchObject({ count: SEARCH_COUNT_CAP, count_capped: true });
    }
  });

  it('pages a search under the cap in the list’s order, newest first and in the queue oldest first', async () => {
    const ordered = async (table: Table, ids: number[]) => {
      const rows = await ctx.db
        .selectFrom(table)
        .select('id')
        .where('id', 'in', ids)
        .orderBy('submitted_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => row.id);
    };
    const ids = (answer: Answer) => answer.results.map((row) => row.id);
    const clients = await ordered('client_verifications', expected.client);
    const providers = await ordered('provider_verifications', expected.provider);
    for (const page of [1, 3, 20]) {
      const window = (all: number[]) => all.slice((page - 1) * 20, page * 20);
      const client = await list(
        `/api/admin/client-verification/?search=cacuaco&verification_status=rejected&page=${page}&page_size=20`,
      );
      expect([client.count, ids(client)], `page ${page}`).toEqual([REJECTED, window(clients)]);
      const provider = await list(
        `/api/admin/provider-verification/?search=cacuaco&status=rejected&page=${page}&page_size=20`,
      );
      expect([provider.count, ids(provider)], `page ${page}`).toEqual([REJECTED, window(providers)]);
    }
    // The pending queue, oldest first: its matches past the cap are 1,200, so only the rejected
    // ones, turned pending for a moment, make a set under it.
    const pending = await idsOfStatus('provider_verifications', 'pending');
    await setStatus('provider_verifications', 'rejected', pending);
    await setStatus('provider_verifications', 'pending', expected.provider);
    try {
      const oldest = [...providers].reverse();
      for (const page of [1, 2]) {
        const queue = await list(
          `/api/admin/provider-verification/pending/?search=cacuaco&page=${page}&page_size=20`,
        );
        expect([queue.count, ids(queue)], `queue page ${page}`).toEqual([
          REJECTED,
          oldest.slice((page - 1) * 20, page * 20),
        ]);
      }
    } finally {
      await setStatus('provider_verifications', 'rejected', expected.provider);
      await setStatus('provider_verifications', 'pending', pending);
    }
  });

  it('finds nothing under a filter no match passes', async () => {
    expect(
      await list('/api/admin/client-verification/?search=cacuaco&verification_status=verified'),
    ).toMatchObject({
      count: 0,
      results: [],
    });
    expect(await list('/api/admin/provider-verification/?search=cacuaco&status=verified')).toMatchObject({
      count: 0,
      results: [],
    });
  });
});
