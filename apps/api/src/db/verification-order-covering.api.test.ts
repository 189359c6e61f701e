import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectIndexes } from '../test/index-columns.js';
import { createTestDatabase } from '../test/test-context.js';
import { down, up } from './migrations/2026-11-27-0029-verification-order-covering.js';
import * as liveOwnerOrder from './migrations/2026-11-27-0030-live-owner-order.js';
import * as twoFilterOrderIndexes from './migrations/2026-11-28-0039-two-filter-order-indexes.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql.js';

/*
 * Migration 0029 on both databases: the verification lists' order indexes hold `user_id`, so a page
 * (a deep one skips thousands of rows) is read from the index alone, each row's user checked against
 * the few deleted users, instead of reading every skipped row from the table. Migration 0030 replaced
 * these indexes by ones holding the live users' rows only: it is undone first, to test 0029 as it left
 * the schema.
 */

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

const COVERING = {
  client_verifications_submitted_user_idx: ['submitted_at', 'id', 'user_id'],
  client_verifications_status_order_user_idx: ['verification_status', 'submitted_at', 'id', 'user_id'],
  provider_verifications_submitted_user_idx: ['submitted_at', 'id', 'user_id'],
  provider_verifications_status_order_user_idx: ['verification_status', 'submitted_at', 'id', 'user_id'],
  provider_verifications_business_order_user_idx: ['is_business', 'submitted_at', 'id', 'user_id'],
};

const REPLACED = {
  client_verifications_submitted_idx: ['submitted_at', 'id'],
  client_verifications_status_order_idx: ['verification_status', 'submitted_at', 'id'],
  provider_verifications_submitted_idx: ['submitted_at', 'id'],
  provider_verifications_status_order_idx: ['verification_status', 'submitted_at', 'id'],
  provider_verifications_business_order_idx: ['is_business', 'submitted_at', 'id'],
};

/** SQLite's plan of a deep page of a verification list, as the lists select its ids. */
async function deepPagePlan(db: Kysely<Database>, table: string, status?: string): Promise<string> {
  const rows = sql.table(table);
  const user = sql.ref<number>(`${table}.user_id`);
  const live = sql`${user} not in (select u.id from users u where u.deleted_at is not null)`;
  const byStatus = status ? sql`and ${sql.ref(`${table}.verification_status`)} = ${status}` : sql``;
  const { rows: plan } = await sql<{ detail: string }>`explain query plan
    select ${sql.ref(`${table}.id`)} from ${rows} where ${live} ${byStatus}
    order by ${sql.ref(`${table}.submitted_at`)} desc, ${sql.ref(`${table}.id`)} desc
    limit 20 offset 40000`.execute(db);
  return plan.map((row) => row.detail).join('\n');
}

describe('migration 0029: the verification lists’ order indexes cover their pages', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The schema as 0029 left it: the later migrations that build on its indexes' table undone first.
    await twoFilterOrderIndexes.down(database.handle.db);
    await liveOwnerOrder.down(database.handle.db);
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('extends each order index with user_id, in place of the old one', async () => {
    await expectIndexes(database.handle.db, COVERING, REPLACED);
  });

  it('reads a deep page from the index alone (SQLite)', async () => {
    const db = database.handle.db;
    if (dialectOf(db) !== 'sqlite') return;
    for (const table of ['client_verifications', 'provider_verifications']) {
      expect(await deepPagePlan(db, table)).toContain(`USING COVERING INDEX ${table}_submitted_user_idx`);
      expect(await deepPagePlan(db, table, 'verified')).toContain(
        `USING COVERING INDEX ${table}_status_order_user_idx`,
      );
    }
  });

  it('is undone and redone', async () => {
    const db = database.handle.db;
    await down(db);
    await expectIndexes(database.handle.db, REPLACED, COVERING);
    if (dialectOf(db) === 'sqlite') {
      // Without user_id in the index, every skipped row is read from the table.
      expect(await deepPagePlan(db, 'client_verifications')).not.toContain(
        'COVERING INDEX client_verifications_',
      );
    }
    await up(db);
    await expectIndexes(database.handle.db, COVERING, REPLACED);
  });
});
