import { type Generated, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.js';
import { dialectOf } from '../db/sql.js';
import { insertUser, userRow } from '../test/factories.js';
import { createTestDatabase } from '../test/test-context.js';
import { insertRows, POSTGRES_ROWS_PER_STATEMENT, rowsPerStatement } from './batch-insert.js';
import { SeedWriter } from './seed-writer.js';

/*
 * Runs on SQLite and on PostgreSQL (TEST_DATABASE): the seed's inserts (placeholders on SQLite, one
 * array per column on PostgreSQL) store every value as given and return the ids in row order.
 */

type BulkTables = {
  bulk_items: {
    id: Generated<number>;
    name: string;
    label: string | null;
    is_on: boolean;
    amount: number | null;
    tags: string | null;
    stamp: string;
  };
};

const TRICKY_TEXTS = [
  'plain',
  'with "double" quotes',
  "with 'single' quotes",
  'back\\slash \\" and \\\\',
  '{braces, commas}',
  'NULL',
  '',
  '  spaces  ',
  'Électricité à Luanda — 5 000 Kz',
  'line\nbreak\ttab',
  '😀 emoji',
];

describe(`insertRows (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Kysely<Database & BulkTables>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db.withTables<BulkTables>();
    const postgres = dialectOf(database.handle.db) === 'postgres';
    await sql
      .raw(
        postgres
          ? `create table bulk_items (id serial primary key, name varchar(80) not null, label text,
              is_on boolean not null, amount numeric, tags jsonb, stamp varchar(40) not null)`
          : `create table bulk_items (id integer primary key, name varchar(80) not null, label text,
              is_on integer not null, amount real, tags text, stamp varchar(40) not null)`,
      )
      .execute(db);
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('stores every value as given, nulls for missing columns, and returns the ids in row order', async () => {
    // More rows than one statement holds on either database.
    const count = Math.max(rowsPerStatement(7), POSTGRES_ROWS_PER_STATEMENT) + 321;
    const rows = Array.from({ length: count }, (_, index) => ({
      name: `${TRICKY_TEXTS[index % TRICKY_TEXTS.length]} #${index}`,
      is_on: index % 2 === 0,
      stamp: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      ...(index % 3 === 0 ? { label: TRICKY_TEXTS[(index + 1) % TRICKY_TEXTS.length] ?? null } : {}),
      ...(index % 4 === 0 ? { amount: index * 1.5 } : {}),
      ...(index % 5 === 0 ? { tags: JSON.stringify(['a"b', `n${index}`]) } : {}),
    }));
    const ids = await insertRows(db, 'bulk_items', rows, true);
    expect(ids).toHaveLength(count);
    const stored = await db.selectFrom('bulk_items').selectAll().orderBy('id').execute();
    expect(stored.map((row) => Number(row.id))).toEqual(ids);
    expect(new Set(ids).size).toBe(count);
    for (const [position, row] of stored.entries()) {
      const given = rows[position];
      expect(row.name).toBe(given?.name);
      expect(Boolean(row.is_on)).toBe(given?.is_on);
      expect(row.stamp).toBe(given?.stamp);
      expect(row.label).toBe(given?.label ?? null);
      expect(row.amount === null ? null : Number(row.amount)).toBe(given?.amount ?? null);
      const tags = row.tags === null ? null : typeof row.tags === 'string' ? JSON.parse(row.tags) : row.tags;
      expect(tags).toEqual(given?.tags === undefined ? null : JSON.parse(given.tags));
    }
  });

  it('returns nothing for no rows or without ids asked', async () => {
    const before = await db
      .selectFrom('bulk_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await insertRows(db, 'bulk_items', [])).toEqual([]);
    expect(await insertRows(db, 'bulk_items', [{ name: 'a', is_on: false, stamp: 'now' }])).toEqual([]);
    const after = await db
      .selectFrom('bulk_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });
});

describe(`SeedWriter (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.dispose();
  });

  const userWithId = (id: number, name: string) =>
    userRow({ id, username: name, email: `${name}@example.test` });

  it('gives ids after the largest one and writes every row sent once flushed', async () => {
    const existing = await insertUser(database.handle.db);
    const rollback = new Error('rollback');
    await expect(
      database.handle.db.transaction().execute(async (trx) => {
        const writer = await SeedWriter.open(trx);
        const first = writer.reserveIds('users', 3);
        expect(first).toBe(existing + 1);
        expect(writer.reserveIds('users', 1)).toBe(existing + 4);
        await writer.insert('users', [userWithId(first, 'sent-a'), userWithId(first + 1, 'sent-b')]);
        await writer.insert('users', [userWithId(first + 2, 'sent-c')]);
        await writer.flush();
        const names = await trx
          .selectFrom('users')
          .select('username')
          .where('id', '>=', first)
          .orderBy('id')
          .execute();
        expect(names.map((row) => row.username)).toEqual(['sent-a', 'sent-b', 'sent-c']);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it('reports a failed insert (at once on SQLite, at the flush on PostgreSQL)', async () => {
    const existing = await insertUser(database.handle.db);
    await expect(
      database.handle.db.transaction().execute(async (trx) => {
        const writer = await SeedWriter.open(trx);
        // The id of a row already there: the primary key refuses it.
        await writer.insert('users', [userWithId(existing, 'duplicate')]);
        await writer.flush();
      }),
    ).rejects.toThrow();
    const duplicate = await database.handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'duplicate')
      .executeTakeFirst();
    expect(duplicate).toBeUndefined();
  });
});
