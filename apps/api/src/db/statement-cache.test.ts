import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { StatementCache, selectsAllColumns, sqliteParameters } from './statement-cache.js';

describe('StatementCache', () => {
  let database: SqliteDatabase.Database;
  afterEach(() => {
    if (database.open) database.close();
  });

  const open = () => {
    database = new SqliteDatabase(':memory:');
    database.exec('create table t (id integer primary key, v text); insert into t (v) values (1), (2), (3);');
    return database;
  };

  it('prepares a statement once and reuses it for the same SQL', () => {
    const cache = new StatementCache(open());
    const first = cache.prepare('select v from t where id = ?');
    const second = cache.prepare('select v from t where id = ?');
    expect(second).toBe(first);
    expect(second.all([2])).toEqual([{ v: '2' }]);
    expect(cache.prepare('select v from t where id > ?')).not.toBe(first);
    expect(cache.size).toBe(2);
  });

  it('binds booleans as 1/0 in reads, writes and iterations', () => {
    const cache = new StatementCache(open());
    cache.prepare('create table f (id integer primary key, is_on integer not null)').run([]);
    cache.prepare('insert into f (is_on) values (?), (?)').run([true, false]);
    expect(cache.prepare('select id from f where is_on = ?').all([true])).toEqual([{ id: 1 }]);
    expect([...cache.prepare('select id from f where is_on = ?').iterate([false])]).toEqual([{ id: 2 }]);
    expect(cache.prepare('select count(*) as n from f where is_on in (?, ?)').all([false, true])).toEqual([
      { n: 2 },
    ]);
  });

  it('names the columns of rows it builds itself as better-sqlite3 would', () => {
    const cache = new StatementCache(open());
    const sql =
      "select id, v as value, id * 2 as doubled, null as empty, 'x' as v2 from t where id <= ? order by id";
    expect(cache.prepare(sql).all([2])).toEqual(database.prepare(sql).all(2));
    expect(cache.prepare('select v from t order by id').all([])).toEqual([
      { v: '1' },
      { v: '2' },
      { v: '3' },
    ]);
    // Two columns of one name: the later wins, as in better-sqlite3's own objects.
    const twice = 'select id as a, v as a from t where id = 1';
    expect(cache.prepare(twice).all([])).toEqual(database.prepare(twice).all());
    expect([...cache.prepare('select id, v from t where id > ? order by id').iterate([1])]).toEqual([
      { id: 2, v: '2' },
      { id: 3, v: '3' },
    ]);
    expect([...cache.prepare('select id from t where id > ? order by id').iterate([2])]).toEqual([{ id: 3 }]);
    expect(cache.prepare('insert into t (v) values (?) returning id, v').all(['4'])).toEqual([
      { id: 4, v: '4' },
    ]);
  });

  it('reads the columns of a select * as they are when it runs', () => {
    const db = open();
    const cache = new StatementCache(db);
    expect(cache.prepare('select * from t where id = 1').all([])).toEqual([{ id: 1, v: '1' }]);
    expect(cache.prepare('select t.* from t where id = 1').all([])).toEqual([{ id: 1, v: '1' }]);
    db.exec('alter table t rename column v to renamed');
    expect(cache.prepare('select * from t where id = 1').all([])).toEqual([{ id: 1, renamed: '1' }]);
    expect(cache.prepare('select t.* from t where id = 1').all([])).toEqual([{ id: 1, renamed: '1' }]);
  });

  it('tells a select of every column from a count', () => {
    expect(selectsAllColumns('select * from t')).toBe(true);
    expect(selectsAllColumns('select "t".* from "t"')).toBe(true);
    expect(selectsAllColumns('select count(*) as n from t')).toBe(false);
    expect(selectsAllColumns('select id from t')).toBe(false);
  });

  it('copies the parameters only when one is a boolean', () => {
    const plain = [1, 'a', null];
    expect(sqliteParameters(plain)).toBe(plain);
    const mixed = ['a', true, 2, false];
    expect(sqliteParameters(mixed)).toEqual(['a', 1, 2, 0]);
    expect(mixed).toEqual(['a', true, 2, false]);
  });

  it('lets the least recently used statement go past its size', () => {
    const cache = new StatementCache(open(), { size: 2 });
    const a = cache.prepare('select 1');
    const b = cache.prepare('select 2');
    expect(cache.prepare('select 1')).toBe(a); // now the most recent
    cache.prepare('select 3'); // 'select 2' goes
    expect(cache.size).toBe(2);
    expect(cache.prepare('select 1')).toBe(a);
    expect(cache.prepare('select 2')).not.toBe(b);
  });

  it('prepares long SQL each time without keeping it', () => {
    const cache = new StatementCache(open(), { maxSqlLength: 30 });
    const long = 'select v from t where id in (1, 2, 3) order by id';
    expect(cache.prepare(long)).not.toBe(cache.prepare(long));
    expect(cache.size).toBe(0);
  });

  it('gives a fresh statement while the kept one is still iterating', () => {
    const cache = new StatementCache(open());
    const sql = 'select id from t order by id';
    const iterating = cache.prepare(sql).iterate([]);
    expect(iterating.next().value).toEqual({ id: 1 });
    const other = cache.prepare(sql);
    expect(other.all([])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(iterating.next().value).toEqual({ id: 2 });
    iterating.return?.();
  });

  it('runs kept statements again after the schema changed, and closes the database', () => {
    const db = open();
    const cache = new StatementCache(db);
    const count = cache.prepare('select count(*) as n from t');
    expect(count.all([])).toEqual([{ n: 3 }]);
    db.exec('alter table t add column w text; create index t_v on t (v);');
    expect(cache.prepare('select count(*) as n from t').all([])).toEqual([{ n: 3 }]);
    cache.close();
    expect(db.open).toBe(false);
    expect(cache.size).toBe(0);
  });
});
