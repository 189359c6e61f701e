import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSearchText } from '../lib/search-text.js';
import { insertProvider } from '../modules/providers/providers.factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { down, up } from './migrations/2026-11-26-0026-provider-phone-search.js';

/*
 * Migration 0026 on both databases: a provider's text written before it (without the phone) ends with
 * its user's phone afterwards, as lib/search-text writes it, and the providers list finds it by phone
 * through its own text index; `down` gives the old text back.
 */

describe(`migration 0026: providers found by phone through their own text (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  const users = [
    {
      username: 'phone.spaces',
      first_name: 'Nzinga',
      last_name: 'Mbande',
      email: 'nzinga@kwanza.test',
      phone_number: ' +244 923 700 800 ',
    },
    {
      username: 'phone.none',
      first_name: 'Kimpa',
      last_name: 'Vita',
      email: 'kimpa@kwanza.test',
      phone_number: null,
    },
    {
      username: 'phone.blank',
      first_name: 'Mandume',
      last_name: 'Ndemufayo',
      email: 'mandume@kwanza.test',
      phone_number: '  ',
    },
  ];
  const profile = { company_name: 'Nzinga & Filhos', city: 'Malanje' };
  const profileIds: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const user of users) profileIds.push((await insertProvider(ctx.db, user, profile)).profileId);
  });

  afterAll(() => ctx.close());

  const texts = async () => {
    const rows = await ctx.db
      .selectFrom('provider_profiles')
      .select(['id', 'search_text'])
      .where('id', 'in', profileIds)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.search_text);
  };
  const found = async (term: string) => {
    const response = await ctx.request('GET', `/api/providers/?search=${encodeURIComponent(term)}`);
    expect(response.statusCode).toBe(200);
    return response
      .json<{ results: { user: { username: string } }[] }>()
      .results.map((row) => row.user.username);
  };

  it('appends the phone as the application writes it, and down takes it away', async () => {
    const current = users.map((user) => providerSearchText(user, profile));
    expect(await texts()).toEqual(current);
    const before = users.map((user) => providerSearchText({ ...user, phone_number: null }, profile));
    // As written before the migration: no phone.
    for (const [index, id] of profileIds.entries()) {
      await ctx.db
        .updateTable('provider_profiles')
        .set({ search_text: before[index] })
        .where('id', '=', id)
        .execute();
    }
    expect(await found('923 700')).toEqual([]);
    await up(ctx.db);
    expect(await texts()).toEqual(current);
    expect(await found('923 700')).toEqual(['phone.spaces']);
    await down(ctx.db);
    expect(await texts()).toEqual(before);
    expect(await found('923 700')).toEqual([]);
    await up(ctx.db);
    expect(await texts()).toEqual(current);
  });
});
