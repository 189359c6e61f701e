import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../bootstrap.js';
import { revokeUserSessions, SessionService } from '../../lib/sessions.js';
import { TokenService } from '../../lib/tokens.js';
import { insertUser } from '../../test/factories.js';
import { createTestContext, TEST_ADMIN, TEST_JWT_SECRET, type TestContext } from '../../test/test-context.js';

const PASSWORD = 'Second-Admin-Passw0rd!';

/** Revocable sessions (issue 16): every way a token must stop working, and sliding renewal. */
describe('admin sessions', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ JWT_TTL_SECONDS: '600', SESSION_MAX_SECONDS: '3600' });
  });
  afterAll(() => ctx.close());

  const me = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/me/', headers: { authorization: `Bearer ${token}` } });

  async function login(email: string, password: string): Promise<string> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login/',
      payload: { email, password },
      remoteAddress: '10.20.0.1',
    });
    expect(response.statusCode).toBe(200);
    return response.json().access;
  }

  it('closes the session on logout: its token is refused, another session of the same admin is not', async () => {
    const first = await login(TEST_ADMIN.email, TEST_ADMIN.password);
    const second = await login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await me(first)).statusCode).toBe(200);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { authorization: `Bearer ${first}` },
    });
    expect(logout.statusCode).toBe(204);

    const refused = await me(first);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      detail: 'Votre session a expiré ou a été fermée. Reconnectez-vous.',
      code: 'not_authenticated',
    });
    expect((await me(second)).statusCode).toBe(200);
    // A second logout with the closed token is a 401 too.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { authorization: `Bearer ${first}` },
    });
    expect(again.statusCode).toBe(401);
  });

  it('ends every session of an admin who is deactivated, and reactivation does not bring them back', async () => {
    const adminId = await insertUser(ctx.db, {
      role: 'admin',
      email: 'deactivated@kwanza.test',
      password: PASSWORD,
    });
    const token = await login('deactivated@kwanza.test', PASSWORD);
    expect((await me(token)).statusCode).toBe(200);

    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${adminId}/toggle_status/`,
      headers: ctx.auth,
    });
    expect(off.json().is_active).toBe(false);
    const on = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${adminId}/toggle_status/`,
      headers: ctx.auth,
    });
    expect(on.json().is_active).toBe(true);

    expect((await me(token)).statusCode).toBe(401);
    // A new login works.
    expect((await me(await login('deactivated@kwanza.test', PASSWORD))).statusCode).toBe(200);
  });

  it('ends every session of an admin who is deleted', async () => {
    const adminId = await insertUser(ctx.db, {
      role: 'admin',
      email: 'deleted-admin@kwanza.test',
      password: PASSWORD,
    });
    const token = await login('deleted-admin@kwanza.test', PASSWORD);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${adminId}/`,
      headers: ctx.auth,
    });
    expect(deleted.statusCode).toBe(204);
    const rows = await ctx.db
      .selectFrom('admin_sessions')
      .select('revoked_at')
      .where('user_id', '=', adminId)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends every session of the account whose password ADMIN_PASSWORD resets at start', async () => {
    await insertUser(ctx.db, { role: 'admin', email: 'reset@kwanza.test', password: PASSWORD });
    const token = await login('reset@kwanza.test', PASSWORD);
    expect((await me(token)).statusCode).toBe(200);
    // The documented recovery: start with ADMIN_EMAIL/ADMIN_PASSWORD of that account.
    const result = await ensureFirstAdmin(ctx.db, {
      ...ctx.config,
      adminEmail: 'reset@kwanza.test',
      adminPassword: 'Brand-New-Passw0rd!',
    });
    expect(result.passwordReset).toBe(true);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(await login('reset@kwanza.test', 'Brand-New-Passw0rd!'))).statusCode).toBe(200);
  });

  it('keeps the current session and ends the others when a password changes (revokeUserSessions keep)', async () => {
    const adminId = await insertUser(ctx.db, {
      role: 'admin',
      email: 'changer@kwanza.test',
      password: PASSWORD,
    });
    const current = await ctx.app.tokens.open(ctx.db, adminId);
    const other = await ctx.app.tokens.sign(adminId);
    await revokeUserSessions(ctx.db, adminId, { keep: current.sessionId });
    expect((await me(current.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('refuses a validly signed token without an expiry, without a session, or of an unknown session', async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const session = await ctx.app.tokens.open(ctx.db, ctx.adminId);
    const noExpiry = await new SignJWT({ sid: session.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ctx.adminId))
      .setIssuedAt()
      .sign(key);
    const noSession = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ctx.adminId))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const unknownSession = await new SignJWT({ sid: 'x'.repeat(43) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ctx.adminId))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const otherUsersSession = await new SignJWT({ sid: session.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ctx.adminId + 1000))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    for (const token of [noExpiry, noSession, unknownSession, otherUsersSession]) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toMatch(/^(Jeton|Votre session)/);
    }
    expect((await me(session.token)).statusCode).toBe(200);
  });

  it('renews a token past half of its life, never past the end of the session', async () => {
    const adminId = await insertUser(ctx.db, { role: 'admin', email: 'slider@kwanza.test' });
    let clock = Date.now();
    const now = () => new Date(clock);
    const tokens = new TokenService(TEST_JWT_SECRET, now);
    // Tokens of ten minutes, sessions of fifteen.
    const sessions = new SessionService(ctx.db, tokens, { ttlSeconds: 600, maxSeconds: 900, now });
    const start = Math.floor(clock / 1000);
    const { token } = await sessions.open(ctx.db, adminId);
    expect((await tokens.verify(token))?.expiresAt).toBe(start + 600);

    // Fresh: no renewal.
    expect((await sessions.authenticate(token)).renewedToken).toBeNull();
    // Six minutes later, past half of its life: a new token of the same session, cut at the
    // session's end (start + 15 min) rather than ten more minutes.
    clock += 6 * 60_000;
    const { renewedToken } = await sessions.authenticate(token);
    const renewed = await tokens.verify(renewedToken ?? '');
    expect(renewed?.sessionId).toBe((await tokens.verify(token))?.sessionId);
    expect(renewed?.expiresAt).toBe(start + 900);
    // Twelve minutes: nothing later to give.
    clock += 6 * 60_000;
    expect((await sessions.authenticate(renewedToken ?? '')).renewedToken).toBeNull();
    // Past fifteen minutes the session is over, whatever the token.
    clock += 3 * 60_000 + 1_000;
    await expect(sessions.authenticate(renewedToken ?? '')).rejects.toMatchObject({ statusCode: 401 });
  });

  it('sends the renewed token as X-Access-Token on a real request and the new token works', async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const session = await ctx.app.tokens.open(ctx.db, ctx.adminId);
    const now = Math.floor(Date.now() / 1000);
    // A token of that session with 60 s left of its 600: past half of its life.
    const aging = await new SignJWT({ sid: session.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ctx.adminId))
      .setIssuedAt(now - 540)
      .setExpirationTime(now + 60)
      .sign(key);
    const response = await me(aging);
    expect(response.statusCode).toBe(200);
    const renewed = response.headers['x-access-token'];
    expect(typeof renewed).toBe('string');
    expect((await me(String(renewed))).statusCode).toBe(200);
    // A fresh token is not renewed.
    expect((await me(session.token)).headers['x-access-token']).toBeUndefined();
  });

  it('gives tokens the configured lifetime (JWT_TTL_SECONDS), shorter than the session', async () => {
    const token = await login(TEST_ADMIN.email, TEST_ADMIN.password);
    const claims = await new TokenService(TEST_JWT_SECRET).verify(token);
    expect(claims).not.toBeNull();
    expect((claims?.expiresAt ?? 0) - (claims?.issuedAt ?? 0)).toBe(600);
  });
});
