import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../seed/seed-database.js';
import { DocumentStorage } from '../storage/document-storage.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, createTestDatabase, type TestContext } from '../test/test-context.js';
import * as textIndexSegments from './migrations/2026-11-27-0032-text-index-segments.js';
import { mergeTextIndexes, textIndexTables } from './migrations/support/text-index-segments.js';
import { rebuildInPieces, segmentCount } from './text-index.test-support.js';

/*
 * SQLite: a rebuilt text index is merged into one segment (migration 0032, and the seed after its
 * rebuilds), so that ordinary writes never take up the merge of a rebuild's large segments.
 */

describe('text index segments (sqlite)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 120; index += 1) {
        await insertUser(trx, { last_name: index % 3 === 0 ? 'Kilamba' : `Utilisateur ${index}` });
      }
    });
  });

  afterAll(() => ctx.close());

  const searchUsers = async (term: string): Promise<number[]> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/?search=${encodeURIComponent(term)}&page_size=100`,
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ results: { id: number }[] }>().results.map((user) => user.id);
  };

  it('merges every text index into one segment, finding the same rows', async () => {
    const before = await searchUsers('kilamba');
    expect(before).toHaveLength(40);
    await rebuildInPieces(ctx.db, 'users_fts');
    expect(await segmentCount(ctx.db, 'users_fts')).toBeGreaterThan(1);

    await mergeTextIndexes(ctx.db);

    for (const index of await textIndexTables(ctx.db)) {
      expect(await segmentCount(ctx.db, index), index).toBeLessThanOrEqual(1);
    }
    expect(await segmentCount(ctx.db, 'users_fts')).toBe(1);
    expect(await searchUsers('kilamba')).toEqual(before);
    // Later writes are found as before.
    const added = await insertUser(ctx.db, { last_name: 'Kilamba' });
    const after = await searchUsers('kilamba');
    expect([...after].sort((a, b) => a - b)).toEqual([...before, added].sort((a, b) => a - b));
  });

  it('migration 0032 merges the indexes of an existing database', async () => {
    await rebuildInPieces(ctx.db, 'users_fts');
    expect(await segmentCount(ctx.db, 'users_fts')).toBeGreaterThan(1);
    await textIndexSegments.up(ctx.db);
    expect(await segmentCount(ctx.db, 'users_fts')).toBe(1);
  });

  it('the seed leaves each of its text indexes in one segment at most', async () => {
    const fresh = await createTestDatabase();
    try {
      await seedDatabase(fresh.handle.db, {
        users: 60,
        storage: new DocumentStorage(fresh.dataDir),
        now: new Date('2026-11-20T10:00:00Z'),
      });
      const indexes = await textIndexTables(fresh.handle.db);
      expect(indexes.length).toBeGreaterThan(5);
      for (const index of indexes) {
        expect(await segmentCount(fresh.handle.db, index), index).toBeLessThanOrEqual(1);
      }
    } finally {
      await fresh.dispose();
    }
  });
});
