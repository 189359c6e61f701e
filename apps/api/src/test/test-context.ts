import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.js';
import { ensureFirstAdmin } from '../bootstrap.js';
import { type AppConfig, loadConfig } from '../config.js';
import { type DatabaseHandle, type Dialect, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

export const TEST_ADMIN = { email: 'admin@kwanza.test', password: 'Admin-Passw0rd!' };
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  dialect: Dialect;
  config: AppConfig;
  adminId: number;
  /** A valid Bearer token of the seeded admin. */
  adminToken: string;
  /** `{ authorization: 'Bearer …' }` of the seeded admin. */
  auth: { authorization: string };
  /**
   * Sends a request to the app as the seeded admin (JSON body when given). `token: null` sends no
   * Authorization header; another string sends that token instead.
   */
  request(
    method: RequestMethod,
    url: string,
    body?: object,
    options?: { token?: string | null },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export type RequestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function testDialect(): Dialect {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
}

const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withPostgresAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const DATABASE_IN_USE = '55006';

/**
 * Drops a test database once its connections are gone. `pool.end()` resolves when the pool has let
 * go of its clients, not when their sockets have closed; forcing the drop at that moment kills
 * connections that are still closing (an unhandled 57P01). So: retry for a few seconds, force last.
 */
async function dropPostgresDatabase(name: string): Promise<void> {
  await withPostgresAdmin(async (client) => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      try {
        await client.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== DATABASE_IN_USE) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await client.query(`drop database if exists ${name} with (force)`);
  });
}

/** A fresh, migrated database of the dialect under test, dropped by `dispose`. */
export async function createTestDatabase(): Promise<{
  handle: DatabaseHandle;
  dataDir: string;
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kwanza-test-'));
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  if (testDialect() === 'postgres') {
    databaseName = `kwanza_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withPostgresAdmin((client) => client.query(`create database ${databaseName}`));
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const handle = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(handle.db);
  return {
    handle,
    dataDir,
    databaseUrl,
    async dispose() {
      await handle.close();
      if (databaseName) await dropPostgresDatabase(databaseName);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real application (same `buildApp` as production) on a fresh database with one admin
 * (`TEST_ADMIN`). Call `close()` in `afterAll`.
 */
export async function createTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
    WEB_DIST: path.join(database.dataDir, 'no-web-dist'),
    ...overrides,
  });
  await ensureFirstAdmin(database.handle.db, config);
  const admin = await database.handle.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', TEST_ADMIN.email)
    .executeTakeFirstOrThrow();
  const app = await buildApp(config, { database: database.handle, strictAudit: true, checkResponses: true });
  await app.ready();
  const adminToken = await app.tokens.sign(admin.id, 'admin');
  return {
    app,
    db: database.handle.db,
    dialect: database.handle.dialect,
    config,
    adminId: admin.id,
    adminToken,
    auth: { authorization: `Bearer ${adminToken}` },
    request(method, url, body, options = {}) {
      const token = options.token === undefined ? adminToken : options.token;
      return app.inject({
        method,
        url,
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body }),
      });
    },
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
