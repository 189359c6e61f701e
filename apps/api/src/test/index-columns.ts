import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema.js';
import { dialectOf } from '../db/sql.js';

/** Columns of an index in order (SQLite or PostgreSQL), or null when the index does not exist. */
export async function indexColumns(db: Kysely<Database>, name: string): Promise<string[] | null> {
  if (dialectOf(db) === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from pragma_index_info(${name}) order by seqno`.execute(db);
    return rows.length === 0 ? null : rows.map((row) => row.name);
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

/** Expects each index of `present` with its columns in order, and none of `absent`. */
export async function expectIndexes(
  db: Kysely<Database>,
  present: Record<string, readonly string[]>,
  absent: Record<string, readonly string[]>,
): Promise<void> {
  for (const [name, columns] of Object.entries(present))
    expect(await indexColumns(db, name), name).toEqual(columns);
  for (const name of Object.keys(absent)) expect(await indexColumns(db, name), name).toBeNull();
}
