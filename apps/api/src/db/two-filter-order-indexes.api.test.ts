import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectIndexes } from '../test/index-columns.js';
import { createTestDatabase } from '../test/test-context.js';
import { down, TWO_FILTER_ORDER_INDEXES, up } from './migrations/2026-11-28-0039-two-filter-order-indexes.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql.js';

/*
 * Migration 0039 on both databases: an order index for each pair of list filters that had none
 * (SQLite's plans checked: a page under both filters reads its ids from the new index alone, where it
 * walked one filter's index and read every row to check the other).
 */

const COLUMNS = Object.fromEntries(TWO_FILTER_ORDER_INDEXES.map((index) => [index.name, index.columns]));

/** A page's ids under two filters, newest first, as each list reads them. */
const PAGES: ReadonlyArray<{ index: string; query: string }> = [
  {
    index: 'notifications_read_type_order_idx',
    query: `select id from notifications where is_read = 1 and notification_type = 'system'
      order by created_at desc, id desc limit 20 offset 3000`,
  },
  {
    index: 'client_verifications_live_document_order_idx',
    query: `select id from client_verifications where user_deleted_at is null and document_type = 'passport'
      order by submitted_at desc, id desc limit 20 offset 3000`,
  },
  {
    index: 'client_verifications_live_status_document_order_idx',
    query: `select id from client_verifications where user_deleted_at is null
      and verification_status = 'pending' and document_type = 'passport'
      order by submitted_at desc, id desc limit 20 offset 3000`,
  },
  {
    index: 'provider_verifications_live_status_business_order_idx',
    query: `select id from provider_verifications where user_deleted_at is null
      and verification_status = 'verified' and is_business = 0 and submitted_at < '2026-11-15T00:00:00.000Z'
      order by submitted_at desc, id desc limit 20 offset 500`,
  },
  {
    index: 'projects_category_status_order_idx',
    query: `select id from projects where status = 'open' and category_id = 3
      order by created_at desc, id desc limit 10 offset 3000`,
  },
];

/**
 * SQLite's plan of `query`. `schema` names the schema it is planned against: an EXPLAIN's prepared
 * statement (kept by db/statement-cache) is not prepared again when the schema changes.
 */
async function planOf(db: Kysely<Database>, query: string, schema = 'latest'): Promise<string> {
  const { rows } = await sql<{
    detail: string;
  }>`explain query plan ${sql.raw(`${query} -- ${schema}`)}`.execute(db);
  return rows.map((row) => row.detail).join('\n');
}

describe('migration 0039: order indexes for two filters', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('exist with their columns; each serves its pair of filters in the list’s order', async () => {
    const db = database.handle.db;
    await expectIndexes(db, COLUMNS, {});
    if (dialectOf(db) !== 'sqlite') return;
    for (const { index, query } of PAGES) {
      const plan = await planOf(db, query);
      expect(plan, index).toContain(`USING COVERING INDEX ${index} `);
      expect(plan, index).not.toContain('TEMP B-TREE');
    }
  });

  it('are undone and redone', async () => {
    const db = database.handle.db;
    await down(db);
    await expectIndexes(db, {}, COLUMNS);
    if (dialectOf(db) === 'sqlite') {
      // Without them, a page reads one filter's index and checks the other on each row.
      for (const { index, query } of PAGES) {
        expect(await planOf(db, query, 'down'), index).not.toContain(index);
      }
    }
    await up(db);
    await expectIndexes(db, COLUMNS, {});
  });
});
