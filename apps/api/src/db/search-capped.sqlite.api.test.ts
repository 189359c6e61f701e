import { AUDIT_PAGE_SIZE, SEARCH_COUNT_CAP, USERS_PAGE_SIZE } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuditEntry } from '../modules/audit/audit.test-support.js';
import { insertProvider } from '../modules/providers/providers.factories.js';
import { planVerificationSearch } from '../modules/verifications/verification-search.js';
import {
  insertClientVerification,
  insertProviderVerification,
} from '../modules/verifications/verifications.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import type { Database } from './schema.js';
import {
  CAP_SAMPLE,
  DENSITY_SAMPLE,
  LARGE_TABLE_ROWS,
  LEFT_OUT_BOUND,
  type LeftOutCounter,
  planSearch,
  planSearches,
  ROW_PLAN,
  type SearchSide,
  sampleSizeFor,
  searchCapped,
} from './search.js';
import { deletedUsersUpTo, rowsOfDeletedUsersQuery, rowsOfDeletedUsersUpTo } from './sql.js';

/*
 * SQLite: a search whose sample on the listed rows' own text already holds more than the cap is
 * answered "more than the cap" without counting (unless the rows the list leaves out, deleted users,
 * could bring it under), and a dense term's other sides are checked on each visited row instead of
 * being sampled.
 */

interface UsersAnswer {
  count: number;
  count_capped?: boolean;
  results: { id: number }[];
  stats: { pending: number } | null;
}

describe('searches known to pass the cap from their sample (sqlite)', () => {
  let ctx: TestContext;
  /** Every fourth user is a Kilamba: a dense term in a big table. */
  const USERS = LARGE_TABLE_ROWS + 2_000;
  const kilambas: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.transaction().execute(async (trx) => {
      for (let index = 0; index < USERS; index += 1) {
        const kilamba = index % 4 === 0;
        const id = await insertUser(trx, {
          last_name: kilamba ? 'Kilamba' : 'Utilisateur',
          date_joined: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
        });
        if (kilamba) kilambas.push(id);
      }
    });
  }, 120_000);

  afterAll(() => ctx.close());

  const searchUsers = async (term: string): Promise<UsersAnswer> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/?search=${encodeURIComponent(term)}`,
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json<UsersAnswer>();
  };

  it('plans the own text first and, for a dense term, checks the other sides on each row', async () => {
    const sides: SearchSide[] = [{ table: 'projects', alias: 'users', idColumn: 'id' }, { table: 'users' }];
    const asked: number[] = [];
    const onRows = (answer: boolean) => async (own: ReadonlyMap<string, unknown>) => {
      asked.push(own.size);
      return answer;
    };
    const checked = await planSearches(ctx.db, sides, 'kilamba', { checkOthersOnRows: onRows(true) });
    // Asked once, with the own text's plan alone.
    expect(asked).toEqual([1]);
    expect(checked.get('users')).toMatchObject({ kind: 'scan', sampled: CAP_SAMPLE });
    // Every fourth user: the sample spans about four ids per match.
    expect((checked.get('users') as { share: number }).share).toBeCloseTo(0.25, 2);
    expect(checked.get('projects')).toBe(ROW_PLAN);
    // Without the option, or when the list answers no, every side is sampled (no project holds it).
    const sampled = await planSearches(ctx.db, sides, 'kilamba');
    expect(sampled.get('projects')).toEqual({ kind: 'ids', ids: [] });
    const refused = await planSearches(ctx.db, sides, 'kilamba', { checkOthersOnRows: onRows(false) });
    expect(refused.get('projects')).toEqual({ kind: 'ids', ids: [] });
    // A rare own term: the list is not asked, the other sides are sampled as usual.
    const rare = await planSearches(ctx.db, sides, 'introuvable', { checkOthersOnRows: onRows(true) });
    expect(rare.get('projects')).toEqual({ kind: 'ids', ids: [] });
    expect(asked).toEqual([1, 1]);
  });

  it('tells "past the cap" from an own side sampled in full, less what the list leaves out', async () => {
    const own: SearchSide[] = [{ table: 'users' }];
    const other: SearchSide[] = [{ table: 'users', alias: 'notifications', idColumn: 'user_id' }];
    const sampled = (count: number, leftOut = 0) =>
      new Map([['users' as const, { kind: 'scan' as const, sampled: count, leftOut }]]);
    const plans = sampled(CAP_SAMPLE);
    expect(searchCapped(own, plans)).toBe(true);
    expect(searchCapped(own, sampled(CAP_SAMPLE, 1))).toBe(false);
    expect(searchCapped(own, sampled(DENSITY_SAMPLE, DENSITY_SAMPLE - SEARCH_COUNT_CAP - 1))).toBe(true);
    expect(searchCapped(own, sampled(DENSITY_SAMPLE, DENSITY_SAMPLE - SEARCH_COUNT_CAP))).toBe(false);
    // A related table's matches may map to no listed row: they tell nothing.
    expect(searchCapped(other, plans)).toBe(false);
    expect(searchCapped(own, new Map([['users', { kind: 'ids', ids: kilambas }]]))).toBe(false);
  });

  it('answers a dense search as past the cap, with the newest matches first', async () => {
    const answer = await searchUsers('kilamba');
    expect(answer.count).toBe(SEARCH_COUNT_CAP);
    expect(answer.count_capped).toBe(true);
    expect(answer.stats).toBeNull();
    const newest = [...kilambas].reverse().slice(0, USERS_PAGE_SIZE);
    expect(answer.results.map((user) => user.id)).toEqual(newest);
  });

  it('counts the live matches when deleted users could bring them under the cap', async () => {
    // 750 live Kilambas remain of 3,000: past LEFT_OUT_BOUND deleted users, the search counts.
    const deleted = kilambas.slice(0, kilambas.length - 750);
    await ctx.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', 'in', deleted)
      .execute();
    const answer = await searchUsers('kilamba');
    expect(answer.count).toBe(750);
    expect(answer.count_capped).toBeUndefined();
    expect(answer.stats).toEqual({ pending: 0, verified: 0, rejected: 0, phone_verified: 0 });
  });

  it('bounds the rows left out by deleted users, and asks only when the plans pass the cap', async () => {
    const before = await deletedUsersUpTo(ctx.db, 1_000_000);
    const owner = await insertUser(ctx.db, { role: 'provider' });
    for (let index = 0; index < 3; index += 1) await insertProviderVerification(ctx.db, { user_id: owner });
    await insertProviderVerification(ctx.db);
    const leftOut = () => rowsOfDeletedUsersUpTo(ctx.db, 'provider_verifications', 1_000);
    expect(await leftOut()).toBe(0);
    await ctx.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', owner)
      .execute();
    expect(await leftOut()).toBe(3);
    expect(await rowsOfDeletedUsersUpTo(ctx.db, 'provider_verifications', 2)).toBe(2);
    expect(await deletedUsersUpTo(ctx.db, 1_000_000)).toBe(before + 1);
    expect(await deletedUsersUpTo(ctx.db, 5)).toBe(5);
    // Starting from the deleted users' index, not from every verification.
    const compiled = rowsOfDeletedUsersQuery('provider_verifications', 10).compile(ctx.db);
    const plan = await ctx.db.executeQuery<{ detail: string }>({
      ...compiled,
      sql: `explain query plan ${compiled.sql}`,
    });
    expect(plan.rows.map((row) => row.detail)).toContainEqual(
      expect.stringMatching(/^SEARCH users USING COVERING INDEX users_deleted_at_idx/),
    );

    // The plan counts them once, only when it samples, and samples as many more.
    const asked: number[] = [];
    const count =
      (value: number): LeftOutCounter =>
      async (limit) => {
        asked.push(limit);
        return value;
      };
    const own: SearchSide[] = [{ table: 'users' }];
    const few = await planSearch(ctx.db, 'users', 'kilamba', count(10));
    expect(few).toMatchObject({ sampled: CAP_SAMPLE + 10, leftOut: 10 });
    expect(searchCapped(own, new Map([['users', few]]))).toBe(true);
    const many = await planSearch(ctx.db, 'users', 'kilamba', count(LEFT_OUT_BOUND));
    expect(many).toMatchObject({ sampled: CAP_SAMPLE, leftOut: LEFT_OUT_BOUND });
    expect(searchCapped(own, new Map([['users', many]]))).toBe(false);
    expect(asked).toEqual([LEFT_OUT_BOUND, LEFT_OUT_BOUND]);
    // A one-letter term is sampled too, by the trigrams of its word starts (db/word-starts.ts).
    expect(await planSearch(ctx.db, 'users', 'k', count(0))).toMatchObject({
      sampled: CAP_SAMPLE,
      match: expect.stringContaining('" ki"'),
    });
    expect(asked).toHaveLength(3);
    const twoOwn: SearchSide[] = [{ table: 'users' }, { table: 'projects' }];
    await planSearches(ctx.db, twoOwn, 'kilamba', { leftOutUpTo: count(3) });
    expect(asked).toHaveLength(4);
  });

  it("answers the journal's common term past the cap from its sample, and counts it under a filter", async () => {
    const entries: number[] = [];
    await ctx.db.transaction().execute(async (trx) => {
      for (let index = 0; index < DENSITY_SAMPLE + 100; index += 1) {
        entries.push(
          await insertAuditEntry(trx, {
            action: index % 3 === 0 ? 'user.toggle_status' : 'user.update',
            created_at: new Date(Date.UTC(2026, 5, 1) + index * 60_000).toISOString(),
            object: { type: 'user', id: index + 1, label: `Membre Kalandula ${index}` },
          }),
        );
      }
    });
    const list = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/audit/?${query}`,
        headers: ctx.auth,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ count: number; count_capped?: boolean; results: { id: number }[] }>();
    };
    const all = await list('search=kalandula');
    expect(all.count).toBe(SEARCH_COUNT_CAP);
    expect(all.count_capped).toBe(true);
    expect(all.results.map((entry) => entry.id)).toEqual([...entries].reverse().slice(0, AUDIT_PAGE_SIZE));
    // With a filter the sample tells nothing of the count: counted, up to the cap.
    const deactivations = await list('search=kalandula&action=user.toggle_status');
    expect(deactivations.count).toBe(Math.min(SEARCH_COUNT_CAP, Math.ceil(entries.length / 3)));
    // A later page of the same term reads the same rows as the first's order continues.
    const second = await list('search=kalandula&page=2');
    expect(second.results.map((entry) => entry.id)).toEqual(
      [...entries].reverse().slice(AUDIT_PAGE_SIZE, 2 * AUDIT_PAGE_SIZE),
    );
  });

  it('samples one past the cap beyond the rows left out, up to a bound', async () => {
    expect(sampleSizeFor(0)).toBe(SEARCH_COUNT_CAP + 1);
    expect(sampleSizeFor(LEFT_OUT_BOUND - 1)).toBe(DENSITY_SAMPLE);
    expect(sampleSizeFor(LEFT_OUT_BOUND)).toBe(CAP_SAMPLE);
    // Between the two sizes: all of the users' matches are sampled (2,250 deleted users: past the
    // bound the users' search counts, sampled one past the cap), not all of the journal's.
    const between = CAP_SAMPLE + 199;
    const entries: number[] = [];
    await ctx.db.transaction().execute(async (trx) => {
      for (let index = 0; index < between; index += 1) {
        await insertUser(trx, { last_name: 'Mbanza' });
        entries.push(
          await insertAuditEntry(trx, {
            action: 'user.update',
            created_at: new Date(Date.UTC(2026, 8, 1) + index * 60_000).toISOString(),
            object: { type: 'user', id: index + 1, label: `Membre Mbanza ${index}` },
          }),
        );
      }
    });
    const users = await planSearch(ctx.db, 'users', 'mbanza', (limit) => deletedUsersUpTo(ctx.db, limit));
    expect(users).toMatchObject({ sampled: CAP_SAMPLE, leftOut: LEFT_OUT_BOUND });
    const journal = await planSearch(ctx.db, 'audit_entries', 'mbanza');
    expect(journal).toMatchObject({ kind: 'index', sampled: CAP_SAMPLE });
    // The journal's list answers past the cap from that sample, newest first.
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit/?search=mbanza',
      headers: ctx.auth,
    });
    const page = response.json<{ count: number; count_capped?: boolean; results: { id: number }[] }>();
    expect([page.count, page.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
    expect(page.results.map((entry) => entry.id)).toEqual([...entries].reverse().slice(0, AUDIT_PAGE_SIZE));
  });

  it("pages a common term of the journal in time order when its entries' times and ids disagree", async () => {
    // Entries written out of time order (times shuffled against ids, two on the same minute), among
    // others without the term: the first pages walk the time index and probe the matches (probePlan).
    const matches: { id: number; at: string }[] = [];
    const count = DENSITY_SAMPLE + 100;
    await ctx.db.transaction().execute(async (trx) => {
      for (let index = 0; index < count; index += 1) {
        const at = new Date(Date.UTC(2026, 7, 1) + ((index * 7_919) % count) * 60_000).toISOString();
        const time = index % 50 === 0 ? (matches.at(-1)?.at ?? at) : at;
        matches.push({
          id: await insertAuditEntry(trx, {
            action: 'user.update',
            created_at: time,
            object: { type: 'user', id: index + 1, label: `Membre Cazenga ${index}` },
          }),
          at: time,
        });
        await insertAuditEntry(trx, {
          action: 'user.update',
          created_at: at,
          object: { type: 'user', id: index + 1, label: `Membre Viana ${index}` },
        });
      }
    });
    const expected = [...matches]
      .sort((a, b) => (a.at === b.at ? b.id - a.id : b.at.localeCompare(a.at)))
      .map((entry) => entry.id);
    for (const page of [1, 2, 3]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/audit/?search=cazenga&page=${page}`,
        headers: ctx.auth,
      });
      expect(response.statusCode).toBe(200);
      const ids = response.json<{ results: { id: number }[] }>().results.map((entry) => entry.id);
      expect(ids).toEqual(expected.slice((page - 1) * AUDIT_PAGE_SIZE, page * AUDIT_PAGE_SIZE));
    }
  });
});

describe('a search sampled past the rows its list leaves out (sqlite)', () => {
  let ctx: TestContext;
  /** Matches of each list's term: past the cap, and under it once the deleted users' are left out. */
  const MATCHES = SEARCH_COUNT_CAP + 50;
  const DELETED = 100;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(() => ctx.close());

  const deleteUsers = (db: Kysely<Database>, ids: number[]) =>
    db.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', 'in', ids).execute();

  const list = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
    expect(response.statusCode).toBe(200);
    return response.json<{ count: number; count_capped?: boolean }>();
  };

  // First, while one user is deleted: a bound by users (1) would sample too few verifications.
  it("counts the verifications left of a term's matches once a deleted user's are left out", async () => {
    await ctx.db.transaction().execute(async (trx) => {
      const { userId } = await insertProvider(trx);
      for (let index = 0; index < MATCHES; index += 1) {
        await insertProviderVerification(trx, {
          business_name: `Ondjiva Lda ${index}`,
          ...(index < DELETED ? { user_id: userId } : {}),
        });
      }
      await deleteUsers(trx, [userId]);
    });
    const answer = await list('/api/admin/provider-verification/?search=ondjiva');
    expect([answer.count, answer.count_capped]).toEqual([MATCHES - DELETED, undefined]);
  });

  it("counts the client verifications left of a term's matches once a deleted client's are left out", async () => {
    await ctx.db.transaction().execute(async (trx) => {
      const deleted = await insertUser(trx, { last_name: 'Dondo', role: 'client' });
      for (let index = 0; index < MATCHES; index += 1) {
        const userId =
          index < DELETED ? deleted : await insertUser(trx, { last_name: 'Dondo', role: 'client' });
        await insertClientVerification(trx, { user_id: userId });
      }
      await deleteUsers(trx, [deleted]);
    });
    const answer = await list('/api/admin/client-verification/?search=dondo');
    expect([answer.count, answer.count_capped]).toEqual([MATCHES - DELETED, undefined]);
  });

  it("counts the users and the providers left of a term's matches once deleted users' are left out", async () => {
    await ctx.db.transaction().execute(async (trx) => {
      const users: number[] = [];
      const providers: number[] = [];
      for (let index = 0; index < MATCHES; index += 1) {
        users.push(await insertUser(trx, { last_name: 'Cazenga' }));
        providers.push((await insertProvider(trx, { last_name: 'Lobito' })).userId);
      }
      await deleteUsers(trx, [...users.slice(0, DELETED), ...providers.slice(0, DELETED)]);
    });
    const users = await list('/api/users/?search=cazenga');
    expect([users.count, users.count_capped]).toEqual([MATCHES - DELETED, undefined]);
    const providers = await list('/api/providers/?search=lobito');
    expect([providers.count, providers.count_capped]).toEqual([MATCHES - DELETED, undefined]);
  });
});

describe('a verification list probing its submission index among a common term’s matches (sqlite)', () => {
  let ctx: TestContext;
  /** Matches past the cap among a table too small for a dense term (under LARGE_TABLE_ROWS). */
  const MATCHES = SEARCH_COUNT_CAP + 100;
  const OTHERS = 7_500;
  const PAGE_SIZE = 20;
  const matches: { id: number; at: string }[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.transaction().execute(async (trx) => {
      const { userId } = await insertProvider(trx, { first_name: 'Joana', last_name: 'Tchivinguiro' });
      const total = MATCHES + OTHERS;
      for (let index = 0; index < total; index += 1) {
        // Submission times shuffled against the ids, some of them shared (the order's ties).
        const at = new Date(Date.UTC(2026, 5, 1) + ((index * 7_919) % total) * 60_000).toISOString();
        const matching = index % 7 === 0 && matches.length < MATCHES;
        const submitted = matching && index % 35 === 0 ? (matches.at(-1)?.at ?? at) : at;
        const id = await insertProviderVerification(trx, {
          user_id: userId,
          business_name: matching ? `Huambo Lda ${index}` : `Comercial ${index}`,
          submitted_at: submitted,
        });
        if (matching) matches.push({ id, at: submitted });
      }
    });
  }, 120_000);

  afterAll(() => ctx.close());

  it('plans a deep page of the term on the submission index, probing its matches', async () => {
    const plan = await planVerificationSearch(ctx.db, 'provider_verifications', 'huambo', {
      unfiltered: true,
      pageEnd: 19 * PAGE_SIZE,
      // Unfiltered: never asked.
      keptShare: async () => {
        throw new Error('keptShare asked without a filter');
      },
    });
    expect(plan.capped).toBe(true);
    expect(plan.rowsPlans.get('provider_verifications')).toMatchObject({ kind: 'index', probe: true });
  });

  it('answers the same pages, newest submission first, whichever way each is read', async () => {
    expect(matches).toHaveLength(MATCHES);
    const expected = [...matches]
      .sort((a, b) => (a.at === b.at ? b.id - a.id : b.at.localeCompare(a.at)))
      .map((entry) => entry.id);
    // Page 1 is checked along the order (pagePlans); pages 19 and 20 lie past the visits it allows
    // (a seventh of the rows match: 380 / (1 / 7) > SCATTERED_PAGE_SCAN_VISITS) and are probed (probePlans).
    for (const page of [1, 19, 20]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/provider-verification/?search=huambo&page=${page}&page_size=${PAGE_SIZE}`,
        headers: ctx.auth,
      });
      expect(response.statusCode).toBe(200);
      const answer = response.json<{ count: number; count_capped?: boolean; results: { id: number }[] }>();
      expect([answer.count, answer.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
      expect(answer.results.map((entry) => entry.id)).toEqual(
        expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      );
    }
  });
});
