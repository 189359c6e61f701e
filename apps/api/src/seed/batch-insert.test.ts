import SqliteDatabase from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { StatementCache } from '../db/statement-cache.js';
import { arrayLiteral, insertRows, rowsPerStatement } from './batch-insert.js';
import { formatAoa } from './seed-context.js';

describe('rowsPerStatement', () => {
  it('keeps a statement short enough to be kept prepared, and under the bind-parameter budget', () => {
    for (const columns of [1, 5, 15, 40]) {
      const rows = rowsPerStatement(columns);
      expect(rows).toBeGreaterThan(0);
      expect(rows * columns).toBeLessThan(32_766);
      // "(?, ?, …)" per row, plus the statement's head.
      expect(rows * (columns * 3 + 2)).toBeLessThan(8_192 - 500);
    }
    expect(rowsPerStatement(1)).toBeGreaterThan(rowsPerStatement(15));
  });
});

interface TestDatabase {
  items: { id: Generated<number>; name: string; is_on: boolean; note: string | null };
}

describe('insertRows (SQLite)', () => {
  let raw: SqliteDatabase.Database;
  let db: Kysely<TestDatabase>;
  afterEach(async () => {
    await db.destroy();
  });

  const open = () => {
    raw = new SqliteDatabase(':memory:');
    raw.exec(
      'create table items (id integer primary key, name text not null, is_on integer not null, note text)',
    );
    db = new Kysely<TestDatabase>({ dialect: new SqliteDialect({ database: new StatementCache(raw) }) });
  };

  it('inserts in several statements and returns the ids in row order', async () => {
    open();
    const rows = Array.from({ length: 2_345 }, (_, index) => ({
      name: `item ${index}`,
      is_on: index % 2 === 0,
      ...(index % 3 === 0 ? { note: `note ${index}` } : {}),
    }));
    expect(rowsPerStatement(3)).toBeLessThan(rows.length);
    const ids = await insertRows(db, 'items', rows, true);
    expect(ids).toHaveLength(rows.length);
    const stored = raw.prepare('select id, name, is_on, note from items order by id').all() as {
      id: number;
      name: string;
      is_on: number;
      note: string | null;
    }[];
    expect(stored.map((row) => row.id)).toEqual(ids);
    expect(stored.map((row) => row.name)).toEqual(rows.map((row) => row.name));
    // Booleans become 1/0; a column a row lacks is null.
    expect(stored.slice(0, 4).map((row) => [row.is_on, row.note])).toEqual([
      [1, 'note 0'],
      [0, null],
      [1, null],
      [0, 'note 3'],
    ]);
  });

  it('returns nothing for no rows or without ids asked', async () => {
    open();
    expect(await insertRows(db, 'items', [])).toEqual([]);
    expect(await insertRows(db, 'items', [{ name: 'a', is_on: false }])).toEqual([]);
    expect(raw.prepare('select count(*) as n from items').get()).toEqual({ n: 1 });
  });
});

describe('arrayLiteral', () => {
  it('quotes every element, escapes quotes and backslashes only where they are, and writes nulls bare', () => {
    const rows = [
      { v: 'plain' },
      { v: 'say "hi"' },
      { v: 'a\\b' },
      { v: 'NULL' },
      { v: null },
      {},
      { v: '' },
      { v: '{x,y}' },
      { v: true },
      { v: 12.5 },
    ];
    expect(arrayLiteral(rows, 'v')).toBe(
      '{"plain","say \\"hi\\"","a\\\\b","NULL",NULL,NULL,"","{x,y}","true","12.5"}',
    );
    expect(arrayLiteral([], 'v')).toBe('{}');
  });

  it('refuses a value that is not a scalar', () => {
    expect(() => arrayLiteral([{ v: new Date(0) }], 'v')).toThrow(TypeError);
  });
});

describe('formatAoa', () => {
  it('groups thousands with spaces', () => {
    expect(formatAoa(1_250_000)).toBe('1 250 000 AOA');
    expect(formatAoa(500)).toBe('500 AOA');
  });
});
