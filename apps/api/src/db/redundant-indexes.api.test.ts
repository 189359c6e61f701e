import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-context.js';
import { down, REDUNDANT_INDEXES, up } from './migrations/2026-11-26-0024-redundant-indexes.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql.js';

/* Migration 0024 on both databases: the redundant indexes go, the indexes that serve them stay. */

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** Columns of an index in order, or null when the index does not exist. */
async function indexColumns(db: Kysely<Database>, name: string): Promise<string[] | null> {
  if (dialectOf(db) === 'sqlite') {
    const exists = await sql<{ n: number }>`
      select count(*) as n from sqlite_master where type = 'index' and name = ${name}`.execute(db);
    if (Number(exists.rows[0]?.n) === 0) return null;
    const { rows } = await sql<{ name: string }>`
      select name from pragma_index_info(${name}) order by seqno`.execute(db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ column_name: string }>`
    select a.attname as column_name
    from pg_class i
    join pg_index x on x.indexrelid = i.oid
    cross join lateral unnest(x.indkey) with ordinality as k(attnum, position)
    join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
    where i.relname = ${name} and i.relkind = 'i'
    order by k.position`.execute(db);
  return rows.length === 0 ? null : rows.map((row) => row.column_name);
}

describe('migration 0024: redundant indexes', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('drops each redundant index; the index serving it begins with the same columns', async () => {
    const db = database.handle.db;
    for (const index of REDUNDANT_INDEXES) {
      expect(await indexColumns(db, index.name), index.name).toBeNull();
      const serving = await indexColumns(db, index.servedBy);
      expect(serving, index.servedBy).not.toBeNull();
      expect(serving?.slice(0, index.columns.length), index.servedBy).toEqual(index.columns);
    }
  });

  it('serves the lookups of the dropped indexes from the remaining ones (SQLite plans)', async () => {
    const db = database.handle.db;
    if (dialectOf(db) !== 'sqlite') return;
    for (const index of REDUNDANT_INDEXES) {
      const [first] = index.columns;
      const plan = await sql<{ detail: string }>`
        explain query plan select id from ${sql.id(index.table)} where ${sql.id(first ?? '')} = 1`.execute(
        db,
      );
      expect(plan.rows.map((row) => row.detail).join('\n'), index.name).toMatch(
        new RegExp(`USING (COVERING )?INDEX ${index.servedBy}\\b`),
      );
    }
  });

  it('is undone and redone', async () => {
    const db = database.handle.db;
    await down(db);
    for (const index of REDUNDANT_INDEXES) expect(await indexColumns(db, index.name)).toEqual(index.columns);
    await up(db);
    for (const index of REDUNDANT_INDEXES) expect(await indexColumns(db, index.name)).toBeNull();
  });
});
