import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ensureFirstAdmin } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { insertUser } from '../test/factories.js';
import { createTestDatabase, TEST_ADMIN, TEST_JWT_SECRET } from '../test/test-context.js';
import { sqliteFilePath } from './database.js';

/*
 * The SQLite counterpart of the PostgreSQL faults (issue 16): the database file locked by another
 * process for longer than the query time-out. Writes answer a French 503 instead of hanging or a
 * 500, reads go on (WAL), health stays up, and writes resume once the lock is gone.
 */
describe('a SQLite database locked by another process', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  let auth: { authorization: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'silent',
      SEED_ON_EMPTY: 'false',
      WEB_DIST: path.join(database.dataDir, 'no-web-dist'),
      DATABASE_QUERY_TIMEOUT_MS: '300',
    });
    await ensureFirstAdmin(database.handle.db, config);
    const admin = await database.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    // Its own connection, with the configured lock time-out (the production path).
    app = await buildApp(config);
    await app.ready();
    auth = { authorization: `Bearer ${await app.tokens.sign(admin.id)}` };
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('answers writes with a French 503 while the lock lasts, keeps serving reads, and writes again after', async () => {
    const target = await insertUser(database.handle.db, { role: 'client' });
    const other = new SqliteDatabase(sqliteFilePath(database.dataDir));
    try {
      other.exec('begin immediate');
      const started = Date.now();
      const write = await app.inject({
        method: 'PATCH',
        url: `/api/users/${target}/toggle_status/`,
        headers: auth,
      });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(write.statusCode).toBe(503);
      expect(write.json()).toEqual({
        detail: 'La base de données est momentanément surchargée. Réessayez dans quelques instants.',
        code: 'database_busy',
      });
      expect(write.headers['retry-after']).toBe('5');
      // A login writes its throttle counters: a 503 too, not a 500.
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/admin-login/',
        payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      expect(login.statusCode).toBe(503);

      const read = await app.inject({ method: 'GET', url: '/api/users/', headers: auth });
      expect(read.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      other.exec('rollback');
      other.close();
    }
    const again = await app.inject({
      method: 'PATCH',
      url: `/api/users/${target}/toggle_status/`,
      headers: auth,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().is_active).toBe(false);
  });
});
