import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredAuditEntries } from '../lib/audit-retention.js';
import { insertAuditEntry } from '../modules/audit/audit.test-support.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { rebuildInPieces, segmentCount } from './text-index.test-support.js';
import { mergeTextIndexInSteps } from './text-index-merge.js';

/*
 * SQLite: a text index merged back into one segment in small steps, and the audit journal's index
 * after a retention purge, so that ordinary writes do not pay for merging the purge's deletions.
 */

const DAY_MS = 24 * 3600 * 1000;

describe('text index merged in steps (sqlite)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(() => ctx.close());

  const idsFound = async (url: string): Promise<number[]> => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
    expect(response.statusCode).toBe(200);
    return response
      .json<{ results: { id: number }[] }>()
      .results.map((row) => row.id)
      .sort((a, b) => a - b);
  };

  it('merges an index of many segments into one, a step at a time, finding the same rows', async () => {
    await ctx.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 90; index += 1) {
        await insertUser(trx, { last_name: index % 3 === 0 ? 'Cazenga' : `Membre ${index}` });
      }
    });
    const before = await idsFound('/api/users/?search=cazenga&page_size=100');
    expect(before).toHaveLength(30);
    await rebuildInPieces(ctx.db, 'users_fts');
    const segments = await segmentCount(ctx.db, 'users_fts');
    expect(segments).toBeGreaterThan(2);

    // One page a step: several steps, each its own statement.
    const steps = await mergeTextIndexInSteps(ctx.db, 'users_fts', 1);
    expect(steps).toBeGreaterThan(1);
    expect(await segmentCount(ctx.db, 'users_fts')).toBe(1);
    expect(await idsFound('/api/users/?search=cazenga&page_size=100')).toEqual(before);
    // Nothing left to merge: no step does any work.
    expect(await mergeTextIndexInSteps(ctx.db, 'users_fts')).toBe(0);
  });

  it("leaves the journal's index in one segment after a purge, without the purged entries", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 400 * DAY_MS).toISOString();
    const recent = new Date(now.getTime() - 2 * DAY_MS).toISOString();
    const oldIds: number[] = [];
    const recentIds: number[] = [];
    await ctx.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 600; index += 1) {
        const isOld = index % 10 !== 0;
        const id = await insertAuditEntry(trx, {
          action: 'auth.login',
          created_at: isOld ? old : recent,
          admin: { id: null, label: `Ngola Kiluanje ${index}` },
        });
        (isOld ? oldIds : recentIds).push(id);
      }
    });
    await sql`insert into audit_entries_fts (audit_entries_fts) values ('optimize')`.execute(ctx.db);
    expect(await segmentCount(ctx.db, 'audit_entries_fts')).toBe(1);

    // Batches of 20: each batch's transaction writes its deletions as a segment of its own.
    expect(await purgeExpiredAuditEntries(ctx.db, 365, now, 20)).toBe(oldIds.length);

    expect(await segmentCount(ctx.db, 'audit_entries_fts')).toBe(1);
    expect(await idsFound('/api/admin/audit/?search=kiluanje&page_size=100')).toEqual(recentIds);
  });
});
