import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProvider } from '../modules/providers/providers.factories.js';
import {
  insertClientVerification,
  insertProviderVerification,
} from '../modules/verifications/verifications.factories.js';
import { insertUser } from '../test/factories.js';
import { expectIndexes } from '../test/index-columns.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { down, up } from './migrations/2026-11-27-0030-live-owner-order.js';
import * as twoFilterOrderIndexes from './migrations/2026-11-28-0039-two-filter-order-indexes.js';
import * as statusSearchCovering from './migrations/2026-11-29-0044-verification-status-search-covering.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql.js';

/*
 * Migration 0030 on both databases: provider profiles and verifications carry their user's deletion
 * time (`user_deleted_at`), kept by triggers whoever writes, and the lists' order indexes hold the
 * live users' rows only, so that a deep page is read from an index with no check per entry.
 * Migration 0044, which widens two of those indexes on SQLite, is undone first.
 */

const OWNED = ['provider_profiles', 'provider_verifications', 'client_verifications'] as const;
type OwnedTable = (typeof OWNED)[number];

const LIVE_INDEXES = {
  provider_profiles_live_order_idx: ['created_at', 'id', 'user_deleted_at'],
  provider_profiles_live_verified_order_idx: ['is_verified', 'created_at', 'id', 'user_deleted_at'],
  provider_verifications_live_submitted_idx: ['submitted_at', 'id', 'user_deleted_at'],
  provider_verifications_live_status_order_idx: [
    'verification_status',
    'submitted_at',
    'id',
    'user_deleted_at',
  ],
  provider_verifications_live_business_order_idx: ['is_business', 'submitted_at', 'id', 'user_deleted_at'],
  client_verifications_live_submitted_idx: ['submitted_at', 'id', 'user_deleted_at'],
  client_verifications_live_status_order_idx: [
    'verification_status',
    'submitted_at',
    'id',
    'user_deleted_at',
  ],
};

const REPLACED = {
  provider_profiles_order_user_idx: ['created_at', 'id', 'user_id'],
  provider_profiles_verified_order_user_idx: ['is_verified', 'created_at', 'id', 'user_id'],
  provider_verifications_submitted_user_idx: ['submitted_at', 'id', 'user_id'],
  provider_verifications_status_order_user_idx: ['verification_status', 'submitted_at', 'id', 'user_id'],
  provider_verifications_business_order_user_idx: ['is_business', 'submitted_at', 'id', 'user_id'],
  client_verifications_submitted_user_idx: ['submitted_at', 'id', 'user_id'],
  client_verifications_status_order_user_idx: ['verification_status', 'submitted_at', 'id', 'user_id'],
};

async function deletionOf(db: Kysely<Database>, table: OwnedTable, id: number): Promise<string | null> {
  const row = await db
    .selectFrom(table)
    .select('user_deleted_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.user_deleted_at === null ? null : String(row.user_deleted_at);
}

function setDeleted(db: Kysely<Database>, userId: number, at: string | null) {
  return db.updateTable('users').set({ deleted_at: at }).where('id', '=', userId).execute();
}

/** SQLite's plan of page 2,001 of a list, as the lists select its ids. */
async function deepPagePlan(db: Kysely<Database>, table: OwnedTable, order: string): Promise<string> {
  const { rows } = await sql<{ detail: string }>`explain query plan
    select id from ${sql.table(table)} where user_deleted_at is null
    order by ${sql.raw(order)} desc, id desc limit 20 offset 40000`.execute(db);
  return rows.map((row) => row.detail).join('\n');
}

describe('migration 0030: rows of deleted users leave the lists’ order indexes', () => {
  let ctx: TestContext;
  let userId: number;
  let rows: Record<OwnedTable, number>;

  beforeAll(async () => {
    ctx = await createTestContext();
    // 0030's indexes as it left them: 0044 widened two of them on SQLite.
    await statusSearchCovering.down(ctx.db);
    const provider = await insertProvider(ctx.db);
    userId = provider.userId;
    rows = {
      provider_profiles: provider.profileId,
      provider_verifications: await insertProviderVerification(ctx.db, { user_id: userId }),
      client_verifications: await insertClientVerification(ctx.db, { user_id: userId }),
    };
  });

  afterAll(() => ctx.close());

  it('replaces the order indexes by indexes of the live rows', async () => {
    await expectIndexes(ctx.db, LIVE_INDEXES, REPLACED);
  });

  it('marks a user’s rows when it is deleted, and clears them when it is restored', async () => {
    for (const table of OWNED) expect(await deletionOf(ctx.db, table, rows[table]), table).toBeNull();
    const at = '2026-11-27T08:00:00.000Z';
    await setDeleted(ctx.db, userId, at);
    for (const table of OWNED) expect(await deletionOf(ctx.db, table, rows[table]), table).not.toBeNull();
    await setDeleted(ctx.db, userId, null);
    for (const table of OWNED) expect(await deletionOf(ctx.db, table, rows[table]), table).toBeNull();
  });

  it('gives a row inserted for a deleted user, or moved to one, its user’s deletion', async () => {
    const gone = await insertUser(ctx.db, { role: 'client', deleted_at: '2026-11-20T10:00:00.000Z' });
    const inserted = await insertClientVerification(ctx.db, { user_id: gone });
    expect(await deletionOf(ctx.db, 'client_verifications', inserted)).not.toBeNull();
    const moved = await insertProviderVerification(ctx.db, { user_id: userId });
    expect(await deletionOf(ctx.db, 'provider_verifications', moved)).toBeNull();
    await ctx.db
      .updateTable('provider_verifications')
      .set({ user_id: gone })
      .where('id', '=', moved)
      .execute();
    expect(await deletionOf(ctx.db, 'provider_verifications', moved)).not.toBeNull();
    await ctx.db
      .updateTable('provider_verifications')
      .set({ user_id: userId })
      .where('id', '=', moved)
      .execute();
    expect(await deletionOf(ctx.db, 'provider_verifications', moved)).toBeNull();
  });

  it('leaves a deleted user’s rows out of the lists, and brings them back on restoring it', async () => {
    const listed = async () => {
      const providers = await ctx.app.inject({
        method: 'GET',
        url: '/api/providers/?page_size=100',
        headers: ctx.auth,
      });
      const verifications = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/provider-verification/?page_size=100',
        headers: ctx.auth,
      });
      const clients = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/client-verification/?page_size=100',
        headers: ctx.auth,
      });
      const ids = (response: { json(): { results: { id: number }[] } }) =>
        response.json().results.map((row) => row.id);
      return {
        provider_profiles: ids(providers),
        provider_verifications: ids(verifications),
        client_verifications: ids(clients),
      };
    };
    for (const [table, ids] of Object.entries(await listed()))
      expect(ids, table).toContain(rows[table as OwnedTable]);
    await setDeleted(ctx.db, userId, '2026-11-27T09:00:00.000Z');
    for (const [table, ids] of Object.entries(await listed()))
      expect(ids, table).not.toContain(rows[table as OwnedTable]);
    await setDeleted(ctx.db, userId, null);
    for (const [table, ids] of Object.entries(await listed()))
      expect(ids, table).toContain(rows[table as OwnedTable]);
  });

  it('reads a deep page from a live index, with no check per entry (SQLite)', async () => {
    if (dialectOf(ctx.db) !== 'sqlite') return;
    const plans = {
      provider_profiles: await deepPagePlan(ctx.db, 'provider_profiles', 'created_at'),
      provider_verifications: await deepPagePlan(ctx.db, 'provider_verifications', 'submitted_at'),
      client_verifications: await deepPagePlan(ctx.db, 'client_verifications', 'submitted_at'),
    };
    expect(plans.provider_profiles).toContain('USING COVERING INDEX provider_profiles_live_order_idx');
    expect(plans.provider_verifications).toContain(
      'USING COVERING INDEX provider_verifications_live_submitted_idx',
    );
    expect(plans.client_verifications).toContain(
      'USING COVERING INDEX client_verifications_live_submitted_idx',
    );
    for (const plan of Object.values(plans)) expect(plan).not.toMatch(/SUBQUERY|users/);
  });

  it('is undone and redone, the deletions filled in again', async () => {
    await setDeleted(ctx.db, userId, '2026-11-27T10:00:00.000Z');
    // 0039's order indexes are built on the column 0030 adds: undone first, redone last.
    await twoFilterOrderIndexes.down(ctx.db);
    await down(ctx.db);
    await expectIndexes(ctx.db, REPLACED, LIVE_INDEXES);
    await up(ctx.db);
    await twoFilterOrderIndexes.up(ctx.db);
    await expectIndexes(ctx.db, LIVE_INDEXES, REPLACED);
    for (const table of OWNED) expect(await deletionOf(ctx.db, table, rows[table]), table).not.toBeNull();
    // The triggers are back.
    await setDeleted(ctx.db, userId, null);
    for (const table of OWNED) expect(await deletionOf(ctx.db, table, rows[table]), table).toBeNull();
  });
});
