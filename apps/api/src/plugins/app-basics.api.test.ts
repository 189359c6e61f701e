import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { compileResponseWriter } from './response-serializer.js';

describe('API basics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('reports the database state on /api/health without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { status: 'ok', dialect: ctx.dialect },
      version: '1.0.0',
    });
  });

  it('answers unknown /api paths with a French JSON 404', async () => {
    for (const headers of [{}, ctx.auth]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist/', headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      // French, and without the URL: the issue 16 review found the old detail echoed the client's input.
      expect(response.json().detail).toBe(
        'Ressource introuvable : aucune route de l’API ne correspond à cette adresse.',
      );
      expect(response.body).not.toContain('does-not-exist');
    }
  });

  it('answers wrong body types with a 400 and per-field errors', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login/',
      payload: { email: 42, password: ['x'] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('invalid');
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(body.detail).toMatch(/^Requête invalide/);
  });

  it('answers a NUL character in a search and an id beyond any row with a French 400', async () => {
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/?search=%00abc',
      headers: ctx.auth,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().detail).toContain('La recherche contient un caractère non autorisé');
    for (const [method, url] of [
      ['DELETE', '/api/users/2147483648/'],
      ['GET', '/api/admin/projects/99999999999/'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: ctx.auth });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail).toContain("L'identifiant est trop grand");
    }
  });

  it('refuses a non-JSON content type with a French 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login/',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toBe('Type de contenu non pris en charge.');
  });

  it('sends security headers and a request id on every response', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Category images may be any http(s) URL the catalogue accepts: the form's preview must load them.
    expect(response.headers['content-security-policy']).toContain("img-src 'self' data: blob: https: http:");
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    for (const [url, status] of [
      ['/api/auth/me/', 401],
      ['/api/does-not-exist/', 404],
      ['/api/users/?page=abc', 401],
    ] as const) {
      const refused = await ctx.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(status);
      expect(refused.headers['x-content-type-options'], url).toBe('nosniff');
      expect(refused.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    for (const unsafe of ['a'.repeat(65), 'id with spaces', '<script>']) {
      const replaced = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': unsafe },
      });
      expect(replaced.headers['x-request-id'], unsafe).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('serves the OpenAPI description and its page at /api/docs', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths)).toContain('/api/auth/admin-login/');
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it("documents the guard's 401 and 403 on every protected route, and not on public ones", async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const protectedRoutes = ctx.app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api/') && !route.isPublic && route.method !== 'HEAD',
    );
    expect(protectedRoutes.length).toBeGreaterThan(20);
    for (const route of protectedRoutes) {
      const path = route.url.replace(/:([a-z_]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      if (!operation) continue;
      expect(Object.keys(operation.responses), `${route.method} ${route.url}`).toEqual(
        expect.arrayContaining(['401', '403']),
      );
    }
    const users = document.paths['/api/users/']?.get?.responses ?? {};
    expect(Object.keys(users)).toEqual(expect.arrayContaining(['200', '401', '403']));
    const health = document.paths['/api/health']?.get?.responses ?? {};
    expect(Object.keys(health)).not.toContain('401');
  });

  it('compiles a writer for every response schema of every route (compiled lazily in production)', () => {
    let compiled = 0;
    for (const route of ctx.app.registeredRoutes) {
      for (const [status, schema] of Object.entries(route.responses)) {
        expect(schema, `${route.method} ${route.url} ${status}`).toBeInstanceOf(z.ZodType);
        expect(
          () => compileResponseWriter(schema as z.ZodType),
          `${route.method} ${route.url} ${status}`,
        ).not.toThrow();
        compiled += 1;
      }
    }
    expect(compiled).toBeGreaterThan(100);
  });

  it('marks every public route as needing no token, and leaves protected ones under the bearer requirement', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      security?: unknown;
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    const operationOf = (route: { url: string; method: string }) => {
      const path = route.url.replace(/:([a-z_]+)/g, '{$1}').replace(/\*$/, '{*}');
      const operations = document.paths[path] ?? document.paths[route.url];
      return operations?.[route.method.toLowerCase()];
    };
    const apiRoutes = ctx.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/') && !/^\/api\/docs(\/|$)/.test(route.url) && route.method !== 'HEAD',
    );
    const publicOperations = apiRoutes.filter((route) => route.isPublic).map(operationOf);
    expect(publicOperations.length).toBeGreaterThanOrEqual(3);
    for (const operation of publicOperations) expect(operation?.security).toEqual([]);
    expect(document.paths['/api/auth/admin-login/']?.post?.security).toEqual([]);
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
    for (const route of apiRoutes.filter((found) => !found.isPublic)) {
      expect(operationOf(route)?.security, `${route.method} ${route.url}`).toBeUndefined();
    }
  });
});

describe('console serving', () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    webDist = path.join(ctx.config.dataDir, 'web-dist');
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kwanza Admin</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
    // Where the console's build really puts its hashed chunks (apps/web/vite.config.ts).
    mkdirSync(path.join(webDist, 'static', 'js'), { recursive: true });
    writeFileSync(path.join(webDist, 'static', 'js', 'users-page-abc123.js'), 'console.log(2)');
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
  });
  afterAll(() => ctx.close());

  it('serves index.html for client-side routes, assets with long caching, and JSON 404s for /api', async () => {
    const app = await buildApp(
      { ...ctx.config, webDist },
      { database: { db: ctx.db, dialect: ctx.dialect, close: async () => {} } },
    );
    try {
      const page = await app.inject({ method: 'GET', url: '/users?page=2' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<title>Kwanza Admin</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      // The console's page and files carry the security headers too.
      expect(page.headers['content-security-policy']).toContain("script-src 'self';");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');

      const asset = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      const chunk = await app.inject({ method: 'GET', url: '/static/js/users-page-abc123.js' });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const unhashed = await app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(unhashed.headers['cache-control']).toBe('no-cache');

      for (const url of ['/static/js/missing-123.js', '/assets/missing.css']) {
        const missing = await app.inject({ method: 'GET', url });
        expect(missing.statusCode, url).toBe(404);
        expect(missing.headers['content-type']).toMatch(/application\/json/);
      }

      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().detail).toMatch(/^Ressource introuvable/);
    } finally {
      await app.close();
    }
  });
});
