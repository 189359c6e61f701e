import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { LoginThrottle } from '../../lib/login-throttle.js';
import { createTestContext, TEST_ADMIN, type TestContext } from '../../test/test-context.js';

const LOGIN = '/api/auth/admin-login/';
const THROTTLED = /^Trop de tentatives de connexion échouées\. Réessayez dans \d+ minutes?\.$/;

/**
 * Login throttling (issue 16): slows an attacker down per address and per account, never locks the
 * real admin out, and is shared by every process (its counters live in the database).
 */
describe('login throttling', () => {
  let ctx: TestContext;
  let secondProcess: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES: '3', LOGIN_BASE_DELAY_SECONDS: '30' });
    // Another "process" of the API on the same database (its own app, throttle and memory).
    secondProcess = await buildApp(ctx.config, {
      database: { db: ctx.db, dialect: ctx.dialect, close: async () => {} },
    });
    await secondProcess.ready();
  });
  afterAll(async () => {
    await secondProcess.close();
    await ctx.close();
  });

  const attempt = (
    address: string,
    password: string,
    options: { email?: string; app?: FastifyInstance; headers?: Record<string, string> } = {},
  ) =>
    (options.app ?? ctx.app).inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: options.email ?? TEST_ADMIN.email, password },
      remoteAddress: address,
      ...(options.headers ? { headers: options.headers } : {}),
    });

  it('delays an address after its free failures, even for the right password, counting across processes', async () => {
    const address = '10.1.0.1';
    // Failures alternate between the two processes: the count is shared.
    expect((await attempt(address, 'wrong-1', { email: 'a@kwanza.test' })).statusCode).toBe(401);
    expect(
      (await attempt(address, 'wrong-2', { email: 'b@kwanza.test', app: secondProcess })).statusCode,
    ).toBe(401);
    expect((await attempt(address, 'wrong-3', { email: 'c@kwanza.test' })).statusCode).toBe(401);
    for (const app of [ctx.app, secondProcess]) {
      const blocked = await attempt(address, TEST_ADMIN.password, { app });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toMatch(THROTTLED);
      expect(blocked.json().code).toBe('throttled');
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(30);
    }
  });

  it('lets the right password in from a fresh address while the account is slowed down', async () => {
    // An attacker tries the admin's account from several addresses until it is in delay.
    for (let index = 0; index < 3; index += 1) {
      expect((await attempt(`10.2.0.${index}`, `guess-${index}`)).statusCode).toBe(401);
    }
    // An address that already failed may not try the slowed account again...
    const dirty = await attempt('10.2.0.1', TEST_ADMIN.password);
    expect(dirty.statusCode).toBe(429);
    // ...but the admin, from an address without recent failures, logs in at once.
    const admin = await attempt('10.2.9.9', TEST_ADMIN.password);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().access).toBeTruthy();
  });

  it('gives an attacker one guess per fresh address while the account is slowed down', async () => {
    const email = 'target@kwanza.test';
    for (let index = 0; index < 3; index += 1) {
      expect((await attempt(`10.3.0.${index}`, `guess-${index}`, { email })).statusCode).toBe(401);
    }
    // A new address gets its one try (401)...
    expect((await attempt('10.3.1.1', 'guess-fresh', { email })).statusCode).toBe(401);
    // ...and is then refused for that account.
    expect((await attempt('10.3.1.1', 'guess-again', { email })).statusCode).toBe(429);
  });

  it('counts parallel guesses from one address: only the free failures get an answer other than 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        attempt('10.4.0.1', `parallel-${index}`, { email: `p${index}@kwanza.test` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
  });

  it('forgets the failures of the address and the account after a success', async () => {
    const address = '10.5.0.1';
    expect((await attempt(address, 'typo-1')).statusCode).toBe(401);
    expect((await attempt(address, 'typo-2')).statusCode).toBe(401);
    expect((await attempt(address, TEST_ADMIN.password)).statusCode).toBe(200);
    // Three free failures again.
    for (let index = 0; index < 3; index += 1)
      expect((await attempt(address, `typo-${index}`)).statusCode).toBe(401);
    expect((await attempt(address, TEST_ADMIN.password)).statusCode).toBe(429);
  });

  it('doubles the delay with each further failure, up to the window, and forgets after a quiet window', async () => {
    let clock = Date.now();
    const throttle = new LoginThrottle(ctx.db, {
      freeFailures: 2,
      windowSeconds: 600,
      baseDelaySeconds: 30,
      now: () => new Date(clock),
    });
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => throttle.delayAfter(failures) / 1000)).toEqual([
      0, 30, 60, 120, 240, 480, 600,
    ]);
    const address = '10.6.0.1';
    const email = 'clock@kwanza.test';
    await throttle.begin(address, email);
    await throttle.begin(address, email); // 2nd failure: 30 s of delay
    await expect(throttle.begin(address, email)).rejects.toMatchObject({ statusCode: 429 });
    clock += 31_000;
    await throttle.begin(address, email); // 3rd failure: 60 s
    clock += 31_000;
    await expect(throttle.begin(address, email)).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '29' },
    });
    // A quiet window after the delay: forgotten, two free failures again.
    clock += 30_000 + 600_000;
    await throttle.begin(address, email);
    await throttle.begin(address, email);
  });
});

describe('client address behind a reverse proxy (TRUST_PROXY)', () => {
  for (const trusted of [false, true]) {
    it(
      trusted
        ? 'counts each forwarded client address apart when the proxy is trusted'
        : 'ignores X-Forwarded-For by default',
      async () => {
        const ctx = await createTestContext({
          LOGIN_MAX_FAILURES: '2',
          TRUST_PROXY: trusted ? '127.0.0.1' : 'false',
        });
        try {
          const fromClient = (client: string, password: string) =>
            ctx.app.inject({
              method: 'POST',
              url: LOGIN,
              payload: { email: `someone-${client}@kwanza.test`, password },
              remoteAddress: '127.0.0.1',
              headers: { 'x-forwarded-for': client },
            });
          expect((await fromClient('203.0.113.1', 'bad')).statusCode).toBe(401);
          expect((await fromClient('203.0.113.1', 'bad')).statusCode).toBe(401);
          // A different client behind the same proxy.
          const other = await fromClient('203.0.113.2', 'bad');
          expect(other.statusCode).toBe(trusted ? 401 : 429);
        } finally {
          await ctx.close();
        }
      },
    );
  }
});
