import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-context.js';
import { type DatabaseHandle, openDatabase, sqliteFilePath } from './database.js';
import { lockRetryDelayMs } from './sqlite-dialect.js';
import { runInTransaction } from './transaction.js';

/*
 * Another process holds SQLite's write lock (db/sqlite-dialect.ts): this process waits for it without
 * stopping. Its timers fire, its reads run on the same connection meanwhile, and its write goes
 * through as soon as the lock is free; past the lock time-out the write fails as busy.
 */
describe('waiting for the SQLite write lock held by another process', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = openDatabase({
      databaseUrl: undefined,
      dataDir: database.dataDir,
      databaseQueryTimeoutMs: 1_500,
    });
  });
  afterAll(async () => {
    await api?.close();
    await database?.dispose();
  });

  /**
   * Runs `test` while another connection holds the write lock; `test` may commit it (releasing the
   * lock), otherwise it is rolled back at the end.
   */
  async function whileLockHeld(test: (other: SqliteDatabase.Database) => Promise<void>): Promise<void> {
    const other = new SqliteDatabase(sqliteFilePath(database.dataDir));
    try {
      other.exec('begin immediate');
      await test(other);
    } finally {
      if (other.inTransaction) other.exec('rollback');
      other.close();
    }
  }

  const categoryCount = async () =>
    Number(
      (
        await api.db
          .selectFrom('categories')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps the process answering while it waits, and writes once the lock is released', async () => {
    let released = false;
    await whileLockHeld(async (other) => {
      const write = runInTransaction(api.db, async (trx) => {
        await trx
          .insertInto('categories')
          .values({ name: 'Attente du verrou', created_at: new Date().toISOString() })
          .execute();
        return released;
      });
      // A timer of 20 ms fires on time: SQLite's busy handler would have held the event loop for the
      // whole lock time-out (1.5 s).
      const timerStart = performance.now();
      await sleep(20);
      expect(performance.now() - timerStart).toBeLessThan(400);
      // A read on the same connection runs while the write waits.
      const readStart = performance.now();
      expect(await categoryCount()).toBe(0);
      expect(performance.now() - readStart).toBeLessThan(400);

      released = true;
      other.exec('commit');
      // The write saw the lock released (it ran after), within a few pauses.
      expect(await write).toBe(true);
      expect(await categoryCount()).toBe(1);
    });
  });

  it('retries a single statement outside a transaction the same way', async () => {
    await whileLockHeld(async (other) => {
      const insert = api.db
        .insertInto('categories')
        .values({ name: 'Écriture isolée', created_at: new Date().toISOString() })
        .execute();
      await sleep(30);
      other.exec('commit');
      await insert;
      expect(await categoryCount()).toBe(2);
    });
  });

  it('gives up as busy after the lock time-out, with nothing written', async () => {
    await whileLockHeld(async () => {
      const started = performance.now();
      const write = runInTransaction(api.db, (trx) =>
        trx
          .insertInto('categories')
          .values({ name: 'Jamais écrite', created_at: new Date().toISOString() })
          .execute(),
      );
      await expect(write).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(1_400);
      expect(waited).toBeLessThan(4_000);
    });
    expect(await categoryCount()).toBe(2);
  });
});

describe('lockRetryDelayMs', () => {
  it('polls every millisecond at first, then less often, never more than 5 ms apart', () => {
    expect(lockRetryDelayMs(0)).toBe(1);
    expect(lockRetryDelayMs(19)).toBe(1);
    expect(lockRetryDelayMs(20)).toBe(2);
    expect(lockRetryDelayMs(100)).toBe(5);
    expect(lockRetryDelayMs(10_000)).toBe(5);
  });
});
