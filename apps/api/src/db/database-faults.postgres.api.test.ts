import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ensureFirstAdmin } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { insertUser } from '../test/factories.js';
import { type PrivatePostgres, startPrivatePostgres } from '../test/private-postgres.js';
import { type FreezableProxy, startFreezableProxy } from '../test/tcp-proxy.js';
import { createTestDatabase, TEST_ADMIN, TEST_JWT_SECRET } from '../test/test-context.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

/*
 * The API against a PostgreSQL that goes away (issue 16): connections terminated by the server, a
 * server that hangs, a cluster stopped and started again. The process must live through all of it,
 * answer 503 with a French detail meanwhile, say why in /api/health, and serve again by itself.
 * Loopback only; every step is bounded in time.
 */

interface RunningApi {
  app: FastifyInstance;
  auth: { authorization: string };
  dataDir: string;
  close(): Promise<void>;
}

/** The application as production builds it (its own pool, the configured time-outs) on `databaseUrl`. */
async function startApi(databaseUrl: string, overrides: Record<string, string> = {}): Promise<RunningApi> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kwanza-faults-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
    ...overrides,
  });
  const setup = openDatabase({ databaseUrl, dataDir });
  let adminId: number;
  try {
    await migrateToLatest(setup.db);
    await ensureFirstAdmin(setup.db, config);
    adminId = (
      await setup.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', TEST_ADMIN.email)
        .executeTakeFirstOrThrow()
    ).id;
  } finally {
    await setup.close();
  }
  const app = await buildApp(config);
  await app.ready();
  const auth = { authorization: `Bearer ${await app.tokens.sign(adminId)}` };
  return {
    app,
    auth,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function expectUnavailable(response: LightMyRequestResponse, context: string): void {
  expect(response.statusCode, `${context}: ${response.body}`).toBe(503);
  const body = response.json();
  expect(body.detail, context).toMatch(/^La base de données (est momentanément|n’a pas répondu)/);
  expect(body.code, context).toMatch(/^database_(unreachable|timeout|busy)$/);
  expect(Number(response.headers['retry-after']), context).toBeGreaterThan(0);
}

/** Retries `request` until it answers 200 or `withinMs` passes; every other answer must be a French 503. */
async function waitForRecovery(
  request: () => Promise<LightMyRequestResponse>,
  withinMs: number,
): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const response = await request();
    if (response.statusCode === 200) return response;
    expectUnavailable(response, 'pendant la reprise');
    if (Date.now() > deadline) throw new Error(`Pas de reprise en ${withinMs} ms : ${response.body}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('connections terminated by PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: RunningApi;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = await startApi(database.databaseUrl ?? '', { DATABASE_QUERY_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => {
    await api?.close();
    await database?.dispose();
  });

  const list = () => api.app.inject({ method: 'GET', url: '/api/users/', headers: api.auth });

  async function terminateApiConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: database.databaseUrl });
    await admin.connect();
    try {
      const result = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'kwanza-admin' and pid <> pg_backend_pid()`,
      );
      return result.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('survives the termination of its idle connections and serves again at once', async () => {
    // Fill the pool with idle connections.
    const warm = await Promise.all(Array.from({ length: 12 }, list));
    expect(warm.every((response) => response.statusCode === 200)).toBe(true);
    expect(await terminateApiConnections()).toBeGreaterThan(0);
    // The process is alive (an unhandled pool error would have failed this test file) and serves.
    const recovered = await waitForRecovery(list, 5_000);
    expect(recovered.json().count).toBeGreaterThanOrEqual(1);
    const health = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('answers a French 503 to a request whose connection is terminated in the middle of its transaction', async () => {
    const target = await insertUser(database.handle.db, { role: 'client' });
    // Another session holds the row: the API's toggle waits inside its transaction.
    const holder = new pg.Client({ connectionString: database.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [target]);
      const waiting = api.app.inject({
        method: 'PATCH',
        url: `/api/users/${target}/toggle_status/`,
        headers: api.auth,
      });
      // Until the API's backend waits on the lock.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const blocked = await holder.query(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and application_name = 'kwanza-admin'
              and wait_event_type = 'Lock'`,
        );
        if (blocked.rows[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await terminateApiConnections()).toBeGreaterThan(0);
      expectUnavailable(await waiting, 'toggle interrompu');
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
    // Nothing was written, and the next toggle goes through.
    const row = await database.handle.db
      .selectFrom('users')
      .select('is_active')
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.is_active)).toBe(true);
    const toggle = () =>
      api.app.inject({ method: 'PATCH', url: `/api/users/${target}/toggle_status/`, headers: api.auth });
    expect((await waitForRecovery(toggle, 5_000)).json().is_active).toBe(false);
  });
});

describe('a PostgreSQL that stops answering', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: FreezableProxy;
  let api: RunningApi;

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.databaseUrl ?? '');
    proxy = await startFreezableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const throughProxy = new URL(direct);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    api = await startApi(throughProxy.toString(), {
      DATABASE_QUERY_TIMEOUT_MS: '1000',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
    });
  });
  afterAll(async () => {
    proxy?.thaw();
    await api?.close();
    await proxy?.close();
    await database?.dispose();
  });

  it('answers 503 within the time-outs instead of hanging, says why in health, and resumes once it answers again', async () => {
    const list = () => api.app.inject({ method: 'GET', url: '/api/users/', headers: api.auth });
    expect((await Promise.all(Array.from({ length: 4 }, list))).every((r) => r.statusCode === 200)).toBe(
      true,
    );

    proxy.freeze();
    const started = Date.now();
    // More requests than connections: some wait for a connection, some for an answer.
    const answers = await Promise.all(Array.from({ length: 14 }, list));
    const elapsed = Date.now() - started;
    for (const answer of answers) expectUnavailable(answer, 'base figée');
    // Query time-out 1 s + 2 s of margin on the client side; far from the 30 s of the review.
    expect(elapsed).toBeLessThan(6_000);

    const healthStarted = Date.now();
    const health = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(Date.now() - healthStarted).toBeLessThan(3_000);
    expect(health.statusCode).toBe(503);
    expect(health.json().status).toBe('error');
    expect(health.json().database.detail).toMatch(/^Base de données indisponible : .+\.$/);

    proxy.thaw();
    await waitForRecovery(list, 8_000);
    const healthy = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthy.statusCode).toBe(200);
  });
});

describe('a private PostgreSQL cluster stopped and started again', () => {
  let cluster: PrivatePostgres;
  let api: RunningApi;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    await cluster.createDatabase('kwanza_faults');
    api = await startApi(cluster.url('kwanza_faults'), {
      DATABASE_QUERY_TIMEOUT_MS: '2000',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
    });
  }, 90_000);
  afterAll(async () => {
    await api?.close();
    cluster?.destroy();
  }, 60_000);

  it('answers French 503s while the cluster is down, tells why, and serves again when it is back, without a restart', async () => {
    const list = () => api.app.inject({ method: 'GET', url: '/api/users/', headers: api.auth });
    const write = () =>
      api.app.inject({
        method: 'POST',
        url: '/api/admin/provider-verification/bulk-approve/',
        headers: api.auth,
        payload: { verification_ids: [1] },
      });
    expect((await list()).statusCode).toBe(200);

    cluster.stop();
    expectUnavailable(await list(), 'liste, base arrêtée');
    expectUnavailable(await write(), 'écriture, base arrêtée');
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login/',
      payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expectUnavailable(login, 'connexion, base arrêtée');
    const health = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().database).toEqual({
      status: 'error',
      dialect: 'postgres',
      detail: 'Base de données indisponible : connexion refusée par le serveur.',
      code: 'database_unreachable',
    });

    cluster.start();
    await waitForRecovery(list, 15_000);
    expect((await write()).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 90_000);
});
