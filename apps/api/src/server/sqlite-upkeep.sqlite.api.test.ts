import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteConnectionOf } from '../db/database.js';
import { sqliteFilePath } from '../db/sqlite-file.js';
import { API_AUTOCHECKPOINT_PAGES } from '../db/wal-checkpoints.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { apiDatabaseOptions } from './serve.js';
import { startSqliteUpkeep } from './sqlite-upkeep.js';

/*
 * SQLite, several API processes: the write-ahead log is copied into the database file by the
 * supervising process (server/sqlite-upkeep.ts, db/wal-checkpoints.ts), not by the commits of the
 * API processes, which keep a far higher threshold of their own as a safeguard.
 */

describe('the write-ahead log checkpointed beside the API processes (sqlite)', () => {
  let ctx: TestContext;
  let scratch: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    scratch = mkdtempSync(path.join(os.tmpdir(), 'kwanza-wal-'));
  });

  afterAll(async () => {
    await ctx.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** E-mails of the users the database file holds by itself, its log left aside (a copy of the file alone). */
  const emailsInFile = (): string[] => {
    const copy = path.join(scratch, `copy-${performance.now()}.sqlite`);
    copyFileSync(sqliteFilePath(ctx.config.dataDir), copy);
    const file = new SqliteDatabase(copy);
    try {
      return file.prepare<[], string>('select email from users').pluck().all();
    } finally {
      file.close();
    }
  };

  it('gives an API process under a supervisor a high checkpoint threshold, and leaves a lone one the default', async () => {
    const autocheckpoint = async (standalone: boolean): Promise<number> => {
      const handle = openDatabase(apiDatabaseOptions(ctx.config, standalone));
      try {
        const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
          handle.db,
        );
        return Number(rows[0]?.wal_autocheckpoint);
      } finally {
        await handle.close();
      }
    };
    expect(await autocheckpoint(false)).toBe(API_AUTOCHECKPOINT_PAGES);
    expect(await autocheckpoint(true)).toBe(1000);
  });

  it('copies what the API wrote into the database file, without the API committing past a threshold', async () => {
    // The API's connection, as under a supervisor: no checkpoint of its own before 10,000 pages.
    sqliteConnectionOf(ctx.db)?.pragma(`wal_autocheckpoint = ${API_AUTOCHECKPOINT_PAGES}`);
    const email = 'journal.wal@example.ao';
    await insertUser(ctx.db, { role: 'client', email });
    // In the log only: the database file alone does not hold the new user yet.
    expect(emailsInFile()).not.toContain(email);
    const stop = await startSqliteUpkeep(
      ctx.config,
      (error) => {
        throw error;
      },
      { checkpointIntervalMs: 10 },
    );
    try {
      const deadline = Date.now() + 10_000;
      while (!emailsInFile().includes(email) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(emailsInFile()).toContain(email);
      // The API goes on reading and writing as before.
      await insertUser(ctx.db, { role: 'client', email: 'apres.wal@example.ao' });
      const emails = await ctx.db.selectFrom('users').select('email').execute();
      expect(emails.map((row) => row.email)).toEqual(expect.arrayContaining([email, 'apres.wal@example.ao']));
    } finally {
      await stop();
    }
  });

  it('leaves the log to be started over: the next write goes to its beginning instead of after its pages', async () => {
    const connection = sqliteConnectionOf(ctx.db);
    if (!connection) throw new Error('SQLite connection expected');
    /** Pages in the log (a passive checkpoint's answer; it copies, it does not start the log over). */
    const logPages = (): number =>
      (connection.pragma('wal_checkpoint(passive)') as { log: number }[])[0]?.log ?? Number.NaN;
    connection.pragma(`wal_autocheckpoint = ${API_AUTOCHECKPOINT_PAGES}`);
    for (let index = 0; index < 40; index += 1) {
      await insertUser(ctx.db, { role: 'client', email: `suite.${index}@example.ao` });
    }
    const before = logPages();
    expect(before).toBeGreaterThanOrEqual(40);
    const stop = await startSqliteUpkeep(
      ctx.config,
      (error) => {
        throw error;
      },
      { checkpointIntervalMs: 10, checkpointRestartFromPages: 1 },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await stop();
    }
    // The next write starts the log over: it holds that write's pages only.
    await insertUser(ctx.db, { role: 'client', email: 'recommence.wal@example.ao' });
    const after = logPages();
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
  });
});
