import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerVerificationSearchText } from '../lib/search-text.js';
import { insertProvider } from '../modules/providers/providers.factories.js';
import { insertProviderVerification } from '../modules/verifications/verifications.factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { down, up } from './migrations/2026-11-26-0027-verification-provider-search.js';

/*
 * Migration 0027 on both databases, and the writes after it: a provider verification's own text holds
 * its provider's text then its business name, so the list finds it by either through one text index,
 * and follows an administrator's edit of the provider's name, e-mail or phone.
 */

describe(`provider verifications found by their provider through their own text (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  const user = {
    username: 'ngola.k',
    first_name: 'Ngola',
    last_name: 'Kiluanji',
    email: 'ngola@kwanza.test',
    phone_number: '+244 924 100 200',
  };
  let userId = 0;
  const verificationIds: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    userId = (await insertProvider(ctx.db, user)).userId;
    verificationIds.push(
      await insertProviderVerification(ctx.db, { user_id: userId, business_name: 'Kabasa Lda' }),
    );
    verificationIds.push(await insertProviderVerification(ctx.db, { user_id: userId, business_name: null }));
  });

  afterAll(() => ctx.close());

  const texts = async () => {
    const rows = await ctx.db
      .selectFrom('provider_verifications')
      .select('search_text')
      .where('id', 'in', verificationIds)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.search_text);
  };
  const found = async (term: string) => {
    const response = await ctx.request(
      'GET',
      `/api/admin/provider-verification/?search=${encodeURIComponent(term)}`,
    );
    expect(response.statusCode).toBe(200);
    return response
      .json<{ results: { id: number }[] }>()
      .results.map((row) => row.id)
      .sort((a, b) => a - b);
  };

  it('writes the text after the migration as the migration turns the old one', async () => {
    const businesses = [{ business_name: 'Kabasa Lda' }, { business_name: null }];
    const current = businesses.map((business) => providerVerificationSearchText(user, business));
    expect(current[0]).toBe(' ngola.k ngola kiluanji ngola@kwanza.test +244 924 100 200 kabasa lda');
    expect(await texts()).toEqual(current);
    expect(await found('kiluanji')).toEqual(verificationIds);
    expect(await found('924 100')).toEqual(verificationIds);
    expect(await found('kabasa')).toEqual(verificationIds.slice(0, 1));
    // As written before the migration: the business name alone.
    await down(ctx.db);
    expect(await texts()).toEqual([' kabasa lda', '']);
    expect(await found('kiluanji')).toEqual([]);
    await up(ctx.db);
    expect(await texts()).toEqual(current);
    expect(await found('kiluanji')).toEqual(verificationIds);
  });

  it('keeps the other filters beside a search of a few matches (read by their ids)', async () => {
    const ids = async (query: string) => {
      const response = await ctx.request('GET', `/api/admin/provider-verification/?search=kabasa&${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<{ results: { id: number }[] }>().results.map((row) => row.id);
    };
    expect(await ids('status=pending')).toEqual(verificationIds.slice(0, 1));
    expect(await ids('status=rejected')).toEqual([]);
    expect(await ids('is_business=false&days=1')).toEqual(verificationIds.slice(0, 1));
    expect(await ids('is_business=true')).toEqual([]);
  });

  it("follows an administrator's edit of the provider's name, e-mail and phone", async () => {
    const edit = await ctx.request('PATCH', `/api/users/${userId}/`, {
      last_name: 'Mbandi',
      email: 'ngola.mbandi@kwanza.test',
      phone_number: '+244 935 300 400',
    });
    expect(edit.statusCode).toBe(200);
    expect(await found('mbandi')).toEqual(verificationIds);
    expect(await found('ngola.mbandi@')).toEqual(verificationIds);
    expect(await found('935 300')).toEqual(verificationIds);
    expect(await found('kiluanji')).toEqual([]);
    expect(await found('924 100')).toEqual([]);
    expect(await found('kabasa')).toEqual(verificationIds.slice(0, 1));
  });

  it("pages a provider's common name past the cap newest first, page after page", async () => {
    const { userId: lueji } = await insertProvider(ctx.db, { first_name: 'Lueji', last_name: 'Ankonde' });
    const { userId: other } = await insertProvider(ctx.db, { first_name: 'Mwata', last_name: 'Yamvo' });
    const matches: { id: number; at: string }[] = [];
    await ctx.db.transaction().execute(async (trx) => {
      for (let index = 0; index < SEARCH_COUNT_CAP + 100; index += 1) {
        // Submission times shuffled against ids, some shared.
        const at = new Date(Date.UTC(2026, 3, 1) + ((index * 7_919) % 1_000) * 60_000).toISOString();
        matches.push({ id: await insertProviderVerification(trx, { user_id: lueji, submitted_at: at }), at });
        await insertProviderVerification(trx, { user_id: other, submitted_at: at });
      }
    });
    const expected = [...matches]
      .sort((a, b) => (a.at === b.at ? b.id - a.id : b.at.localeCompare(a.at)))
      .map((match) => match.id);
    let seen = 0;
    for (const page of [1, 2, 3]) {
      const response = await ctx.request(
        'GET',
        `/api/admin/provider-verification/?search=lueji&page=${page}`,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<{ count: number; count_capped?: boolean; results: { id: number }[] }>();
      expect([body.count, body.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
      const ids = body.results.map((row) => row.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(expected.slice(seen, seen + ids.length));
      seen += ids.length;
    }
  }, 60_000);
});
