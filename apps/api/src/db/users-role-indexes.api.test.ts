import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectIndexes } from '../test/index-columns.js';
import { createTestDatabase } from '../test/test-context.js';
import { DROPPED_ROLE_INDEXES, down, up } from './migrations/2026-11-27-0035-users-role-indexes.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql.js';

/*
 * Migration 0035 on both databases: the users' full role indexes go; the live users' partial ones
 * serve every lookup by role (SQLite's plans checked: without the full ones in the way, a role
 * filter reads the live index).
 */

const LIVE_ROLE_INDEXES = {
  users_live_role_idx: ['role', 'date_joined', 'id'],
  users_live_role_status_idx: ['role', 'verification_status', 'date_joined', 'id'],
};

/** SQLite's plan of a users lookup. */
async function planOf(db: Kysely<Database>, conditions: string): Promise<string> {
  const { rows } = await sql<{ detail: string }>`explain query plan
    select id from users where deleted_at is null and ${sql.raw(conditions)}
    order by date_joined desc, id desc limit 20 offset 2000`.execute(db);
  return rows.map((row) => row.detail).join('\n');
}

describe('migration 0035: the users’ full role indexes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('are dropped; the live users’ role indexes serve the role filters', async () => {
    const db = database.handle.db;
    await expectIndexes(db, LIVE_ROLE_INDEXES, DROPPED_ROLE_INDEXES);
    if (dialectOf(db) !== 'sqlite') return;
    expect(await planOf(db, `role = 'client' and date_joined < '2026-11-20T00:00:00.000Z'`)).toMatch(
      /USING (COVERING )?INDEX users_live_role_idx \(role=\? AND date_joined<\?\)/,
    );
    expect(await planOf(db, `role = 'provider' and verification_status = 'pending'`)).toMatch(
      /USING (COVERING )?INDEX users_live_role_status_idx \(role=\? AND verification_status=\?\)/,
    );
  });

  it('are undone and redone', async () => {
    const db = database.handle.db;
    await down(db);
    await expectIndexes(db, { ...LIVE_ROLE_INDEXES, ...DROPPED_ROLE_INDEXES }, {});
    if (dialectOf(db) === 'sqlite') {
      // The full index in the way again: the planner's choice this migration undoes.
      expect(await planOf(db, `role = 'client' and date_joined < '2026-11-20T00:00:00.000Z'`)).toMatch(
        /INDEX users_role_idx/,
      );
    }
    await up(db);
    await expectIndexes(db, LIVE_ROLE_INDEXES, DROPPED_ROLE_INDEXES);
  });
});
