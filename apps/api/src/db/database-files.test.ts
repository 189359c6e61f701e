import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFilePath } from './database.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('SQLite files are private to the server’s account', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'kwanza-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates the data folder 0700 and the database, WAL and shared-memory files 0600', async () => {
    const dataDir = path.join(root, 'fresh', 'data');
    const handle = openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await sql`create table probe (id integer primary key)`.execute(handle.db);
      await sql`insert into probe (id) values (1)`.execute(handle.db);
      const file = sqliteFilePath(dataDir);
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
    } finally {
      await handle.close();
    }
  });

  it('tightens the files of an installation made before (0644 / 0755)', async () => {
    const dataDir = path.join(root, 'old');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const file = sqliteFilePath(dataDir);
    closeSync(openSync(file, 'w', 0o644));
    chmodSync(file, 0o644);
    const handle = openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
    } finally {
      await handle.close();
    }
  });
});
