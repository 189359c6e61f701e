import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../test/factories.js';
import { createTestDatabase } from '../test/test-context.js';
import { sqliteConnectionOf } from './database.js';
import { down, up } from './migrations/2026-11-29-0045-users-unique-indexes.js';
import type { Database } from './schema.js';

/*
 * Migration 0045: on SQLite the users' unique names and e-mails are kept by named unique indexes (the
 * seed's bulk load stands them aside and builds them after the load) instead of column constraints;
 * the table's pages are untouched and uniqueness holds as before. PostgreSQL keeps its constraints.
 */

interface UniqueIndex {
  name: string;
  column: string;
}

/** The users table's unique indexes (SQLite) or unique constraints (PostgreSQL), by name. */
async function uniqueKeys(db: Kysely<Database>, dialect: string): Promise<UniqueIndex[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<UniqueIndex>`
      select c.conname as name, a.attname as column from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.conrelid = 'users'::regclass and c.contype = 'u' order by c.conname`.execute(db);
    return rows;
  }
  const { rows } = await sql<UniqueIndex>`
    select l.name as name, i.name as column from pragma_index_list('users') l
    join pragma_index_info(l.name) i where l."unique" = 1 order by l.name`.execute(db);
  return rows;
}

async function integrity(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  return rows.map((row) => row.integrity_check).join('\n');
}

async function duplicateError(db: Kysely<Database>, values: { username?: string; email?: string }) {
  return insertUser(db, values).then(
    () => null,
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );
}

const NAMED = [
  { name: 'users_email_key', column: 'email' },
  { name: 'users_username_key', column: 'username' },
];

describe(`migration 0045: the users' unique indexes are named (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Kysely<Database>;
  let dialect: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    dialect = database.databaseUrl ? 'postgres' : 'sqlite';
    await insertUser(db, { username: 'ana.silva', email: 'ana.silva@example.test' });
  });

  afterAll(() => database.dispose());

  it('keeps every username and e-mail unique, with the same error as before', async () => {
    expect(await uniqueKeys(db, dialect)).toEqual(NAMED);
    const unique = dialect === 'postgres' ? '23505' : 'SQLITE_CONSTRAINT_UNIQUE';
    const byName = await duplicateError(db, { username: 'ana.silva', email: 'autre@example.test' });
    expect(byName?.code).toBe(unique);
    const byEmail = await duplicateError(db, { username: 'ana.silva2', email: 'ana.silva@example.test' });
    expect(byEmail?.code).toBe(unique);
    if (dialect === 'sqlite') {
      expect(byName?.message).toBe('UNIQUE constraint failed: users.username');
      expect(byEmail?.message).toBe('UNIQUE constraint failed: users.email');
    }
    const { rows } = await sql<{ n: number }>`select count(*) as n from users`.execute(db);
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('on SQLite, edits only the schema’s text, seen by every connection, and is undone', async () => {
    if (dialect !== 'sqlite') {
      // Nothing to do there: the constraints stay.
      await down(db);
      expect(await uniqueKeys(db, dialect)).toEqual(NAMED);
      await up(db);
      return;
    }
    const { rows } = await sql<{
      file: string;
    }>`select file from pragma_database_list where name = 'main'`.execute(db);
    const other = new SqliteDatabase(rows[0]?.file ?? '', { readonly: true });
    try {
      const table = () =>
        String(other.prepare(`select sql from sqlite_master where name = 'users'`).pluck().get());
      expect(table()).not.toContain(' unique');
      // The driver's defensive mode refuses a writable schema: the migration says so and changes nothing.
      await expect(down(db)).rejects.toThrow('mode défensif');
      expect(await uniqueKeys(db, dialect)).toEqual(NAMED);

      const connection = sqliteConnectionOf(db);
      connection?.unsafeMode(true);
      try {
        await down(db);
        const automatic = [
          { name: 'sqlite_autoindex_users_1', column: 'username' },
          { name: 'sqlite_autoindex_users_2', column: 'email' },
        ];
        expect(await uniqueKeys(db, dialect)).toEqual(automatic);
        expect(table()).toContain('"username" varchar(150) not null unique');
        expect(table()).toContain('"email" varchar(254) not null unique');
        expect(await integrity(db)).toBe('ok');
        expect((await duplicateError(db, { username: 'ana.silva' }))?.code).toBe('SQLITE_CONSTRAINT_UNIQUE');

        await up(db);
        expect(await uniqueKeys(db, dialect)).toEqual(NAMED);
        // Another connection reads the edited schema (its version was raised).
        const seen = other.prepare(
          `select name from pragma_index_list('users') where "unique" = 1 order by name`,
        );
        expect(seen.pluck().all()).toEqual(['users_email_key', 'users_username_key']);
        expect(await integrity(db)).toBe('ok');
      } finally {
        connection?.unsafeMode(false);
      }
    } finally {
      other.close();
    }
  });
});
