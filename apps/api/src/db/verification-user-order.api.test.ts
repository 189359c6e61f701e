import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexColumns } from '../test/index-columns.js';
import { createTestDatabase } from '../test/test-context.js';
import { down, up, VERIFICATION_TABLES } from './migrations/2026-11-26-0025-verification-user-order.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql.js';

/*
 * Migration 0025 on both databases: a user's latest verification is found by one index descent,
 * without a sort and without walking the submission-time index (which PostgreSQL did before the
 * statistics of a freshly loaded table, once per verification written).
 */

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** The plan of the latest-verification lookup the status triggers and the users list make. */
async function latestLookupPlan(db: Kysely<Database>, table: string): Promise<string> {
  const lookup = sql`select v.verification_status from ${sql.table(table)} v where v.user_id = 1
    order by v.submitted_at desc, v.id desc limit 1`;
  if (dialectOf(db) === 'sqlite') {
    const { rows } = await sql<{ detail: string }>`explain query plan ${lookup}`.execute(db);
    return rows.map((row) => row.detail).join('\n');
  }
  // Whatever the (missing) statistics say about the table's size: the plan an index gives.
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${lookup}`.execute(connection);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

describe('migration 0025: a user’s latest verification by one index descent', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('replaces the index on user_id by one on (user_id, submitted_at, id)', async () => {
    const db = database.handle.db;
    for (const table of VERIFICATION_TABLES) {
      expect(await indexColumns(db, `${table}_user_idx`)).toBeNull();
      expect(await indexColumns(db, `${table}_user_order_idx`)).toEqual(['user_id', 'submitted_at', 'id']);
    }
  });

  it('reads the latest verification through it, with no sort', async () => {
    const db = database.handle.db;
    for (const table of VERIFICATION_TABLES) {
      const plan = await latestLookupPlan(db, table);
      expect(plan, table).toContain(`${table}_user_order_idx`);
      expect(plan, table).not.toMatch(/TEMP B-TREE|Sort/);
    }
  });

  it('is undone and redone', async () => {
    const db = database.handle.db;
    await down(db);
    for (const table of VERIFICATION_TABLES) {
      expect(await indexColumns(db, `${table}_user_idx`)).toEqual(['user_id']);
      expect(await indexColumns(db, `${table}_user_order_idx`)).toBeNull();
      // Without it, SQLite sorts a user's verifications (PostgreSQL picks a walk or a sort).
      if (dialectOf(db) === 'sqlite') expect(await latestLookupPlan(db, table)).toMatch(/TEMP B-TREE/);
    }
    await up(db);
    for (const table of VERIFICATION_TABLES) {
      expect(await indexColumns(db, `${table}_user_order_idx`)).toEqual(['user_id', 'submitted_at', 'id']);
    }
  });
});
