import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertProvider } from './providers.factories.js';

const day = (n: number) => new Date(Date.UTC(2025, 2, n, 9)).toISOString();

describe('providers', () => {
  let ctx: TestContext;
  const ids: Record<string, { userId: number; profileId: number }> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    await insertUser(ctx.db, { username: 'just.a.client', first_name: 'Élodie' });
    ids.helder = await insertProvider(
      ctx.db,
      {
        username: 'helder.p',
        first_name: 'Hélder',
        last_name: 'Pascoal',
        email: 'helder@kwanza.test',
        phone_number: '+244 912 000 111',
        profile_picture: 'https://img.test/helder.png',
        date_joined: day(1),
      },
      {
        company_name: 'Pascoal Électricité',
        city: 'Luanda',
        address: 'Rua 1, Maianga',
        bio: 'Électricien depuis 10 ans',
        description: 'Installations',
        skills: ['Électricité', 'Domotique'],
        average_rating: 4.25,
        total_reviews: 12,
        services_count: 3,
        completed_projects: 27,
        is_verified: true,
        created_at: day(1),
      },
    );
    ids.maria = await insertProvider(
      ctx.db,
      { username: 'maria.q', first_name: 'Maria', last_name: 'Quissanga' },
      {
        company_name: null,
        city: 'Huambo',
        created_at: day(2),
      },
    );
    ids.solo = await insertProvider(
      ctx.db,
      { username: 'solo', first_name: '', last_name: '' },
      {
        company_name: 'Solo Plomberie',
        city: 'Benguela',
        created_at: day(3),
        is_verified: true,
      },
    );
    for (let n = 0; n < 9; n += 1) {
      ids[`filler${n}`] = await insertProvider(
        ctx.db,
        { username: `filler.${n}` },
        { created_at: day(4 + n) },
      );
    }
    ids.gone = await insertProvider(
      ctx.db,
      { username: 'gone.provider', deleted_at: day(20), is_active: false },
      {
        created_at: day(20),
        city: 'Luanda',
      },
    );
  });
  afterAll(() => ctx.close());

  const list = (query = '') => ctx.request('GET', `/api/providers/${query}`);
  const put = (id: number | string, payload: object) => ctx.request('PUT', `/api/providers/${id}/`, payload);
  const usernames = (body: { results: { user: { username: string } }[] }) =>
    body.results.map((item) => item.user.username);

  it('lists live providers newest first, 9 per page, with the whole-set counters', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(12);
    expect(body.results).toHaveLength(9);
    expect(usernames(body)[0]).toBe('filler.8');
    expect(body.stats).toEqual({ total: 12, verified: 2, pending: 10 });
    expect(body.next).toMatch(/page=2/);
    const second = (await list('?page=2')).json();
    expect(usernames(second)).toEqual(['solo', 'maria.q', 'helder.p']);
    expect(second.next).toBeNull();
    const past = (await list('?page=5')).json();
    expect(past).toMatchObject({ count: 12, results: [], next: null });
  });

  it('gives every provider field of the spec', async () => {
    const body = (await list('?search=helder')).json();
    expect(body.results).toEqual([
      {
        id: ids.helder?.profileId,
        user: {
          id: ids.helder?.userId,
          profile_picture: 'https://img.test/helder.png',
          email: 'helder@kwanza.test',
          username: 'helder.p',
          phone_number: '+244 912 000 111',
        },
        full_name: 'Hélder Pascoal',
        company_name: 'Pascoal Électricité',
        profile_picture: 'https://img.test/helder.png',
        email: 'helder@kwanza.test',
        phone_number: '+244 912 000 111',
        city: 'Luanda',
        address: 'Rua 1, Maianga',
        is_verified: true,
        average_rating: 4.25,
        total_reviews: 12,
        services_count: 3,
        completed_projects: 27,
        bio: 'Électricien depuis 10 ans',
        description: 'Installations',
        skills: ['Électricité', 'Domotique'],
        created_at: day(1),
      },
    ]);
    const solo = (await list('?search=solo%20plomberie')).json().results[0];
    expect(solo.full_name).toBe('');
  });

  it('searches name, username, company, city and e-mail without regard to case or accents', async () => {
    expect(usernames((await list('?search=HELDER')).json())).toEqual(['helder.p']);
    expect(usernames((await list('?search=electricite')).json())).toEqual(['helder.p']);
    expect(usernames((await list('?search=huambo')).json())).toEqual(['maria.q']);
    expect(usernames((await list('?search=quissanga')).json())).toEqual(['maria.q']);
    expect(usernames((await list('?search=helder%40kwanza')).json())).toEqual(['helder.p']);
    expect(usernames((await list('?search=luanda')).json())).toEqual(['helder.p']);
    expect((await list('?search=elodie')).json().count).toBe(0);
  });

  it("searches the user's phone, and follows it when an administrator changes it", async () => {
    expect(usernames((await list('?search=912%20000')).json())).toEqual(['helder.p']);
    expect(usernames((await list('?search=000111')).json())).toEqual([]);
    const helder = ids.helder;
    if (!helder) throw new Error('fixture missing');
    const edit = (phone: string) =>
      ctx.request('PATCH', `/api/users/${helder.userId}/`, { phone_number: phone });
    expect((await edit('+244 933 444 555')).statusCode).toBe(200);
    expect(usernames((await list('?search=933%20444')).json())).toEqual(['helder.p']);
    expect((await list('?search=912%20000')).json().count).toBe(0);
    expect((await edit('+244 912 000 111')).statusCode).toBe(200);
  });

  it('filters on is_verified and counts the filtered set', async () => {
    const verified = (await list('?is_verified=true')).json();
    expect(usernames(verified)).toEqual(['solo', 'helder.p']);
    expect(verified.stats).toEqual({ total: 2, verified: 2, pending: 0 });
    const pending = (await list('?is_verified=false&page_size=100')).json();
    expect(pending.count).toBe(10);
    expect(pending.stats).toEqual({ total: 10, verified: 0, pending: 10 });
  });

  it('refuses bad parameters with a French 400', async () => {
    for (const query of ['?page_size=0', '?page_size=1000', '?page=-1', '?is_verified=peut-etre']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail).toMatch(/^Requête invalide/);
    }
  });

  it('verifies and unverifies a provider, keeping its user in step', async () => {
    const maria = ids.maria;
    if (!maria) throw new Error('fixture missing');
    const on = await put(maria.profileId, { is_verified: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      id: maria.profileId,
      is_verified: true,
      user: { username: 'maria.q' },
    });
    const user = await ctx.db
      .selectFrom('users')
      .select('is_verified')
      .where('id', '=', maria.userId)
      .executeTakeFirstOrThrow();
    expect(user.is_verified).toBe(true);
    expect((await list('?is_verified=true')).json().count).toBe(3);

    const off = await put(maria.profileId, { is_verified: false });
    expect(off.json().is_verified).toBe(false);
    const users = (await ctx.request('GET', '/api/users/?search=maria.q')).json();
    expect(users.results[0].is_verified).toBe(false);
  });

  it('answers 404 for unknown or deleted providers and 400 for a bad body', async () => {
    const unknown = await put(999999, { is_verified: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Prestataire introuvable.');
    const gone = await put(ids.gone?.profileId ?? 0, { is_verified: true });
    expect(gone.statusCode).toBe(404);
    expect((await put(ids.helder?.profileId ?? 0, { is_verified: 'oui' })).statusCode).toBe(400);
    expect((await put(ids.helder?.profileId ?? 0, {})).statusCode).toBe(400);
    expect((await put('abc', { is_verified: true })).statusCode).toBe(400);
  });

  it('answers a French 400, not a 500, for an id beyond the integer columns (PostgreSQL)', async () => {
    const response = await put(3_000_000_000, { is_verified: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.id).toEqual(["L'identifiant est trop grand"]);
    expect((await put(2_147_483_647, { is_verified: true })).statusCode).toBe(404);
  });
});
