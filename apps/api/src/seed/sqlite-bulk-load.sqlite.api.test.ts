import { existsSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteFilePath } from '../db/database.js';
import { DocumentStorage } from '../storage/document-storage.js';
import { createTestDatabase } from '../test/test-context.js';
import { DEFAULT_TEXT_HASH_BYTES, sortHelperThreads, withParallelSorts } from './bulk-load.js';
import { seedDatabase } from './seed-database.js';

/*
 * SQLite only: the seed loads through a rollback journal (each page written once, to the database
 * file) when its connection is the only one, and through the write-ahead log otherwise; either way
 * the file ends in WAL mode, with the text indexes' default settings.
 */

const NOW = new Date('2026-11-21T10:00:00.000Z');
const USERS = 40;

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

interface LoadFiles {
  journal: boolean;
  wal: boolean;
}

/** Seeds and notes, at each progress step of the load, which journal files exist beside the database. */
async function seedNotingJournals(database: TestDatabase): Promise<LoadFiles[]> {
  const file = sqliteFilePath(database.dataDir);
  const seen: LoadFiles[] = [];
  await seedDatabase(database.handle.db, {
    users: USERS,
    now: NOW,
    storage: new DocumentStorage(path.join(database.dataDir, 'documents')),
    onProgress: (done) => {
      if (done > 0) seen.push({ journal: existsSync(`${file}-journal`), wal: existsSync(`${file}-wal`) });
    },
  });
  return seen;
}

async function journalModeOf(database: TestDatabase): Promise<string> {
  const result = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.handle.db);
  return result.rows[0]?.journal_mode ?? '';
}

async function pragmaOf(database: TestDatabase, name: 'cache_size' | 'threads'): Promise<number> {
  const result = await sql<Record<string, number>>`pragma ${sql.raw(name)}`.execute(database.handle.db);
  return Number(Object.values(result.rows[0] ?? {})[0]);
}

async function textHashSizes(database: TestDatabase): Promise<Map<string, number | undefined>> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and sql like 'create virtual table % using fts5(%'`.execute(
    database.handle.db,
  );
  const sizes = new Map<string, number | undefined>();
  for (const { name } of rows) {
    const config = await sql<{ v: number }>`
      select v from ${sql.id(`${name}_config`)} where k = 'hashsize'`.execute(database.handle.db);
    sizes.set(name, config.rows[0]?.v);
  }
  return sizes;
}

describe('seed bulk load on SQLite', () => {
  const opened: TestDatabase[] = [];
  const others: BetterSqlite3.Database[] = [];

  afterEach(async () => {
    for (const other of others.splice(0)) other.close();
    for (const database of opened.splice(0)) await database.dispose();
  });

  it('loads through a rollback journal when alone, then returns to WAL with the default text settings', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    expect(await journalModeOf(database)).toBe('wal');

    const seen = await seedNotingJournals(database);

    expect(seen.length).toBeGreaterThan(0);
    // The load's pages go to the database file: a rollback journal beside it, no write-ahead log.
    expect(seen.every((files) => files.journal && !files.wal)).toBe(true);
    expect(await journalModeOf(database)).toBe('wal');
    const file = sqliteFilePath(database.dataDir);
    expect(existsSync(`${file}-journal`)).toBe(false);
    const sizes = await textHashSizes(database);
    expect(sizes.size).toBeGreaterThanOrEqual(10);
    for (const size of sizes.values()) expect(size).toBe(DEFAULT_TEXT_HASH_BYTES);
    const check = await sql<{ quick_check: string }>`pragma quick_check`.execute(database.handle.db);
    expect(check.rows).toEqual([{ quick_check: 'ok' }]);
  });

  it("sorts with helper threads and small runs inside withParallelSorts, then sets the connection's back", async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const db = database.handle.db;
    await sql`pragma cache_size = -65536`.execute(db);
    const inside = await withParallelSorts(db, async () => ({
      threads: await pragmaOf(database, 'threads'),
      cache: await pragmaOf(database, 'cache_size'),
    }));
    expect(inside).toEqual({ threads: sortHelperThreads(), cache: -4096 });
    expect(await pragmaOf(database, 'threads')).toBe(0);
    expect(await pragmaOf(database, 'cache_size')).toBe(-65536);

    // A failed build sets them back too, and its error goes through.
    await expect(
      withParallelSorts(db, async () => {
        await sql`create index broken_idx on no_such_table (x)`.execute(db);
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await pragmaOf(database, 'threads')).toBe(0);
    expect(await pragmaOf(database, 'cache_size')).toBe(-65536);
  });

  it('ends the seed with the connection’s cache and no helper thread', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const cache = await pragmaOf(database, 'cache_size');
    await seedNotingJournals(database);
    expect(await pragmaOf(database, 'threads')).toBe(0);
    expect(await pragmaOf(database, 'cache_size')).toBe(cache);
  });

  it('gives the sorter one helper thread per core beyond the first, at least one, at most four', () => {
    expect([1, 2, 3, 4, 5, 16].map((cores) => sortHelperThreads(cores))).toEqual([1, 1, 2, 3, 4, 4]);
  });

  it('keeps the write-ahead log when another connection has the file open, and still loads everything', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const other = new BetterSqlite3(sqliteFilePath(database.dataDir));
    others.push(other);
    other.pragma('journal_mode = WAL');

    const seen = await seedNotingJournals(database);

    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((files) => files.wal)).toBe(true);
    expect(await journalModeOf(database)).toBe('wal');
    // The other connection reads the committed load.
    const users = other.prepare("select count(*) as n from users where role <> 'admin'").get() as {
      n: number;
    };
    expect(users.n).toBeGreaterThan(0);
  });
});
