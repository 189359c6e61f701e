import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestContext, TEST_ADMIN, type TestContext } from '../test/test-context.js';

describe('structured logs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('log each request with its id and never a password or a token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const app = await buildApp(
      { ...ctx.config, logLevel: 'trace' },
      { database: { db: ctx.db, dialect: ctx.dialect, close: async () => {} }, logStream: stream },
    );
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/admin-login/',
        payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
        headers: { 'x-request-id': 'req-login-1' },
      });
      expect(login.statusCode).toBe(200);
      const token: string = login.json().access;
      await app.inject({
        method: 'GET',
        url: '/api/auth/me/',
        headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-me-1' },
      });
      await app.inject({
        method: 'POST',
        url: '/api/auth/admin-login/',
        payload: { email: TEST_ADMIN.email, password: 'Wrong-Secret-42' },
      });
      await app.inject({
        method: 'GET',
        url: '/api/documents/verifications/provider/1/selfie.png?expires=4102444800&signature=deadbeefcafe0123',
      });
    } finally {
      await app.close();
    }
    const output = lines.join('');
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.some((record) => record.reqId === 'req-login-1')).toBe(true);
    expect(records.some((record) => record.reqId === 'req-me-1')).toBe(true);
    expect(output).not.toContain(TEST_ADMIN.password);
    expect(output).not.toContain('Wrong-Secret-42');
    expect(output).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(output).not.toContain('deadbeefcafe0123');
    expect(output).toContain('signature=[masqué]');
  });
});
