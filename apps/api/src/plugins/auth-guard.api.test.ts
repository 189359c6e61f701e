import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules } from '../modules/index.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, TEST_JWT_SECRET, type TestContext } from '../test/test-context.js';

/** Routes that are public on purpose; any other /api route must demand an admin token. */
const PUBLIC_ROUTES = new Set([
  'POST /api/auth/admin-login/',
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/documents/*',
  'HEAD /api/documents/*',
]);

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');
}

describe('admin guard over the whole route table', () => {
  let ctx: TestContext;
  let clientToken: string;
  let inactiveAdminToken: string;
  let deletedAdminToken: string;
  let expiredToken: string;
  let foreignToken: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const clientId = await insertUser(ctx.db, { role: 'client' });
    const inactiveAdminId = await insertUser(ctx.db, { role: 'admin', is_active: false });
    const deletedAdminId = await insertUser(ctx.db, { role: 'admin', deleted_at: new Date().toISOString() });
    clientToken = await ctx.app.tokens.sign(clientId, 'client');
    inactiveAdminToken = await ctx.app.tokens.sign(inactiveAdminId, 'admin');
    deletedAdminToken = await ctx.app.tokens.sign(deletedAdminId, 'admin');
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    expiredToken = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ctx.adminId))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    foreignToken = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ctx.adminId))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
  });
  afterAll(() => ctx.close());

  const apiRoutes = () =>
    ctx.app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api') && !/^\/api\/docs(\/|$)/.test(route.url),
    );

  it('knows the route table and only the expected routes are public', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(3);
    const publicRoutes = routes
      .filter((route) => route.isPublic)
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(publicRoutes)).toEqual(PUBLIC_ROUTES);
  });

  it('answers 401 on every protected route without a token, with an invalid, expired or foreign token', async () => {
    const protectedRoutes = apiRoutes().filter((route) => !route.isPublic);
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      const url = concreteUrl(route.url);
      const method = route.method as 'GET' | 'HEAD';
      for (const authorization of [
        undefined,
        'Bearer not-a-token',
        'Basic YWRtaW46YWRtaW4=',
        `Bearer ${expiredToken}`,
        `Bearer ${foreignToken}`,
        `Bearer ${inactiveAdminToken}`,
        `Bearer ${deletedAdminToken}`,
      ]) {
        const response = await ctx.app.inject({
          method,
          url,
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode, `${route.method} ${url} with ${authorization ?? 'no token'}`).toBe(401);
        if (method !== 'HEAD') expect(response.json().detail).toMatch(/[a-zé]/);
      }
    }
  });

  it('cannot be bypassed by percent-encoding the path, which the router decodes', async () => {
    const protectedRoutes = apiRoutes().filter((route) => !route.isPublic && route.method === 'GET');
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      const url = concreteUrl(route.url);
      for (const disguised of [url.replace(/^\/api/, '/%61pi'), url.replace(/^\/api/, '/%61%70%69')]) {
        const response = await ctx.app.inject({ method: 'GET', url: disguised });
        expect(response.statusCode, disguised).toBe(401);
      }
    }
  });

  it('answers 403 on every protected route for a valid non-admin token', async () => {
    for (const route of apiRoutes().filter((item) => !item.isPublic)) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: { authorization: `Bearer ${clientToken}` },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('keeps a route whose path merely starts like the docs (/api/docs-…) protected', async () => {
    apiModules.push(async (api) => {
      api.get('/docs-export/', async () => ({ secret: true }));
    });
    const extra = await createTestContext();
    try {
      const response = await extra.app.inject({ method: 'GET', url: '/api/docs-export/' });
      expect(response.statusCode).toBe(401);
    } finally {
      apiModules.pop();
      await extra.close();
    }
  });

  it('lets an active admin through', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me/', headers: ctx.auth });
    expect(response.statusCode).toBe(200);
  });

  it('cuts off an admin as soon as the account is deactivated', async () => {
    const adminId = await insertUser(ctx.db, { role: 'admin' });
    const token = await ctx.app.tokens.sign(adminId, 'admin');
    const headers = { authorization: `Bearer ${token}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me/', headers })).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ is_active: false }).where('id', '=', adminId).execute();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me/', headers })).statusCode).toBe(401);
  });
});
