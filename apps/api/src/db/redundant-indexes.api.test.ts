import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexColumns } from '../test/index-columns.js';
import { createTestDatabase } from '../test/test-context.js';
import { down, REDUNDANT_INDEXES, up } from './migrations/2026-11-26-0024-redundant-indexes.js';
import { dialectOf } from './sql.js';

/* Migration 0024 on both databases: the redundant indexes go, the indexes that serve them stay. */

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * Serving indexes later migrations replaced: 0029 appended `user_id`; 0030 keeps the rows of live
 * users only (`where user_deleted_at is null`), which every lookup of those lists names.
 */
const REPLACED_LATER: Record<string, string> = {
  provider_verifications_status_order_idx: 'provider_verifications_live_status_order_idx',
  client_verifications_status_order_idx: 'client_verifications_live_status_order_idx',
  provider_profiles_verified_order_user_idx: 'provider_profiles_live_verified_order_idx',
};

/** The index serving a dropped one today. */
function servingIndex(name: string): string {
  return REPLACED_LATER[name] ?? name;
}

/** The condition a lookup served by `name` needs: a partial index serves only its own rows. */
function servedRows(name: string) {
  return name in REPLACED_LATER ? sql`and user_deleted_at is null` : sql``;
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
      const serving = await indexColumns(db, servingIndex(index.servedBy));
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
        explain query plan select id from ${sql.id(index.table)} where ${sql.id(first ?? '')} = 1 ${servedRows(index.servedBy)}`.execute(
        db,
      );
      /* An index led by the looked-up column: the serving one, or a later one with the same lead
         (0039's order indexes for two filters, by category and status, by status and account type,
         serve the lookup as well). */
      const used = /USING (?:COVERING )?INDEX (\w+)/.exec(plan.rows.map((row) => row.detail).join('\n'))?.[1];
      expect(used, index.name).toBeDefined();
      const columns = await indexColumns(db, used ?? '');
      expect(columns?.[0], `${index.name} → ${used}`).toBe(first);
      if (used !== servingIndex(index.servedBy)) expect(used, index.name).toMatch(/_order_idx$/);
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
