import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { ErrorBody } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';

/** Text a client sends that must never come back in an answer. */
const MARKER = 'zq7marker';
const FRENCH = /[àâçéèêëîïôûùü’]|Requête|Ressource|adresse|identifiant|paramètre/i;

function expectFrenchError(body: string, context: string): void {
  const parsed = ErrorBody.safeParse(JSON.parse(body));
  expect(parsed.success, `${context}: ${body}`).toBe(true);
  expect(parsed.data?.detail, context).toMatch(FRENCH);
  expect(body.toLowerCase(), context).not.toContain(MARKER);
}

describe('ids, error shape and links (issue 16)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('takes ids only as plain decimal integers: other spellings of the same number are a 400 and change nothing', async () => {
    const id = await insertUser(ctx.db, { role: 'client' });
    for (const spelling of [
      `0o${id.toString(8)}`,
      `0x${id.toString(16)}`,
      `0b${id.toString(2)}`,
      `${id}.0`,
      `${id}e0`,
      `+${id}`,
      `%20${id}`,
      `${id}%20`,
      `-${id}`,
      `${id}n`,
    ]) {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/users/${spelling}/`,
        headers: ctx.auth,
      });
      expect(response.statusCode, spelling).toBe(400);
      expectFrenchError(response.body, spelling);
    }
    const still = await ctx.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(still.deleted_at).toBeNull();
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}/`, headers: ctx.auth })).statusCode,
    ).toBe(204);
  });

  it('takes page numbers and id filters only as plain decimal integers', async () => {
    for (const url of [
      '/api/users/?page=0x2',
      '/api/users/?page_size=1e1',
      '/api/users/?page=2.0',
      '/api/admin/projects/?category=0o7',
      '/api/admin/projects/?client=%2B3',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
      expect(response.statusCode, url).toBe(400);
      expectFrenchError(response.body, url);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/?page=1&page_size=10', headers: ctx.auth }))
        .statusCode,
    ).toBe(200);
  });

  it('answers every malformed or unknown request in the error shape, in French, without echoing it', async () => {
    const cases: Array<{
      method: 'GET' | 'POST' | 'DELETE' | 'PATCH';
      url: string;
      status: number;
      payload?: string;
    }> = [
      { method: 'GET', url: `/api/users/%E0%A4%A${MARKER}/`, status: 400 },
      { method: 'GET', url: `/api/${MARKER}%zz/`, status: 400 },
      { method: 'DELETE', url: `/api/users/${'9'.repeat(300)}${MARKER}/`, status: 414 },
      { method: 'GET', url: `/api/${MARKER}/<script>alert(1)</script>/`, status: 404 },
      { method: 'GET', url: `/api/users/1/${MARKER}/`, status: 404 },
      { method: 'PATCH', url: `/api/${MARKER}`, status: 404 },
      { method: 'GET', url: `/api/users/?search=${'x'.repeat(300)}${MARKER}`, status: 400 },
      { method: 'GET', url: `/api/users/?role=${MARKER}`, status: 400 },
      { method: 'GET', url: `/api/users/?page=${MARKER}`, status: 400 },
      {
        method: 'POST',
        url: '/api/admin/provider-verification/bulk-approve/',
        status: 400,
        payload: `{"${MARKER}":`,
      },
      {
        method: 'POST',
        url: '/api/admin/provider-verification/bulk-approve/',
        status: 400,
        payload: JSON.stringify({ verification_ids: [MARKER] }),
      },
    ];
    for (const item of cases) {
      const response = await ctx.app.inject({
        method: item.method,
        url: item.url,
        headers: { ...ctx.auth, ...(item.payload ? { 'content-type': 'application/json' } : {}) },
        ...(item.payload ? { payload: item.payload } : {}),
      });
      expect(response.statusCode, item.url.slice(0, 80)).toBe(item.status);
      expect(response.headers['content-type'], item.url.slice(0, 80)).toMatch(/application\/json/);
      expectFrenchError(response.body, item.url.slice(0, 80));
    }
  });

  it('answers requests that Node’s HTTP parser refuses in the same shape, in French', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = ctx.app.server.address() as AddressInfo;
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
          let answer = '';
          socket.on('data', (chunk) => {
            answer += chunk.toString();
          });
          socket.on('close', () => resolve(answer));
          socket.on('error', reject);
          socket.setTimeout(5000, () => socket.destroy());
        });
      const hugeHeader = await raw(
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-${MARKER}: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(hugeHeader).toMatch(/^HTTP\/1\.1 431 /);
      expectFrenchError(hugeHeader.slice(hugeHeader.indexOf('\r\n\r\n') + 4), 'huge header');
      const garbage = await raw(`${MARKER} nonsense\r\n\r\n`);
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
      expectFrenchError(garbage.slice(garbage.indexOf('\r\n\r\n') + 4), 'garbage');
    } finally {
      await ctx.app.server.close();
    }
  });

  it('builds pagination links as relative paths, never from the Host header', async () => {
    await insertUser(ctx.db, { role: 'client' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/?page_size=1',
      headers: {
        ...ctx.auth,
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.next).toBe('/api/users/?page_size=1&page=2');
    expect(JSON.stringify(page)).not.toContain('evil');
  });

  it('sends no HSTS over plain HTTP', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('PUBLIC_URL and HTTPS', () => {
  it('builds absolute pagination links from PUBLIC_URL and sends HSTS when it is an https URL', async () => {
    const ctx = await createTestContext({ PUBLIC_URL: 'https://admin.kwanza.ao/' });
    try {
      await insertUser(ctx.db, { role: 'client' });
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/?page_size=1',
        headers: { ...ctx.auth, host: 'evil.example' },
      });
      expect(response.json().next).toBe('https://admin.kwanza.ao/api/users/?page_size=1&page=2');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await ctx.close();
    }
  });

  it('sends HSTS when a trusted proxy says the request came over HTTPS, and only then', async () => {
    const ctx = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
    try {
      const viaProxy = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const spoofed = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });
});
