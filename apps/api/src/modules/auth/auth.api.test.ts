import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, TEST_ADMIN, type TestContext } from '../../test/test-context.js';

describe('POST /api/auth/admin-login/', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES: '4' });
    await insertUser(ctx.db, { email: 'client@kwanza.test', role: 'client', password: 'Client-Passw0rd!' });
    await insertUser(ctx.db, {
      email: 'inactive-admin@kwanza.test',
      role: 'admin',
      is_active: false,
      password: 'Inactive-Passw0rd!',
    });
  });
  afterAll(() => ctx.close());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login/',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('returns a token and the profile of an active admin, and the token opens protected routes', async () => {
    const response = await login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({
      id: ctx.adminId,
      username: 'admin',
      email: TEST_ADMIN.email,
      first_name: 'Administrateur',
      last_name: 'Kwanza',
      role: 'admin',
    });
    expect(body.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(body)).not.toContain('password');

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me/',
      headers: { authorization: `Bearer ${body.access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(TEST_ADMIN.email);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const response = await login(`  ${TEST_ADMIN.email.toUpperCase()} `, TEST_ADMIN.password, '10.0.0.2');
    expect(response.statusCode).toBe(200);
  });

  it('stores passwords as argon2id hashes', async () => {
    const row = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', ctx.adminId)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('gives the same 401 detail for an unknown e-mail and a wrong password', async () => {
    const unknown = await login('nobody@kwanza.test', 'whatever', '10.0.1.1');
    const wrong = await login(TEST_ADMIN.email, 'wrong-password', '10.0.1.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().detail).toBe('Adresse e-mail ou mot de passe incorrect.');
    expect(wrong.json().detail).toBe(unknown.json().detail);
  });

  it('refuses a non-admin and an inactive admin with a French 403', async () => {
    const client = await login('client@kwanza.test', 'Client-Passw0rd!', '10.0.2.1');
    expect(client.statusCode).toBe(403);
    expect(client.json().detail).toBe('Accès réservé aux administrateurs.');
    const inactive = await login('inactive-admin@kwanza.test', 'Inactive-Passw0rd!', '10.0.2.2');
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().detail).toMatch(/désactivé/);
  });

  it('answers 400 with a French detail for missing fields and malformed JSON', async () => {
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login/',
      payload: { email: 'a@b.c' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/password/);
    expect(missing.json().errors.password).toBeDefined();

    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe('Le corps de la requête n’est pas un JSON valide.');
  });

  it('rate limits repeated failures from one address with a 429, even for the right password', async () => {
    const ip = '10.0.9.9';
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login('target@kwanza.test', `bad-${attempt}`, ip)).statusCode).toBe(401);
    }
    const blocked = await login(TEST_ADMIN.email, TEST_ADMIN.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(
      /^Trop de tentatives de connexion échouées\. Réessayez dans \d+ minutes?\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
