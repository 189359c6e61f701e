import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuditEntry } from '../modules/audit/audit.test-support.js';
import { startSqliteUpkeep } from '../server/sqlite-upkeep.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import * as journalIndexMigration from './migrations/2026-11-27-0038-journal-index-background-merges.js';
import * as automergeAfterSeedMigration from './migrations/2026-11-29-0043-journal-index-automerge-after-seed.js';
import { segmentCount } from './text-index.test-support.js';
import { indexMergesOf, segmentsOf } from './text-index-merge.js';
import { startTextIndexUpkeep } from './text-index-upkeep.js';

/*
 * SQLite: the audit journal's text index is merged in the background, not by the inserts that add
 * to it (migration 0038, db/text-index-upkeep.ts, server/sqlite-upkeep.ts).
 */

const INDEX = 'audit_entries_fts';
/** FTS5 merges a level holding this many segments (its default `usermerge`). */
const TIER = 4;

describe('text indexes merged in the background (sqlite)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(() => ctx.close());

  const automerge = async (): Promise<number> => {
    const { rows } = await sql<{ v: number }>`
      select v from ${sql.table(`${INDEX}_config`)} where k = 'automerge'`.execute(ctx.db);
    return Number(rows[0]?.v);
  };

  /** Journal entries, each written by its own statement (a transaction of its own), as requests do. */
  const insertEntries = async (count: number, label: string): Promise<void> => {
    for (let index = 0; index < count; index += 1) {
      await insertAuditEntry(ctx.db, {
        action: 'conversation.view',
        object: { type: 'conversation', id: index + 1, label: `${label} ${index}` },
      });
    }
  };

  const searchIds = async (term: string): Promise<number[]> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit/?search=${encodeURIComponent(term)}&page_size=100`,
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(200);
    return response
      .json<{ results: { id: number }[] }>()
      .results.map((entry) => entry.id)
      .sort((a, b) => a - b);
  };

  /** Waits until `index` holds at most `segments` segments (the background loop's work). */
  const mergedDownTo = async (segments: number): Promise<number> => {
    const deadline = Date.now() + 10_000;
    let current = await segmentCount(ctx.db, INDEX);
    while (current > segments && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      current = await segmentCount(ctx.db, INDEX);
    }
    return current;
  };

  it("leaves the journal's merges to the background: inserts only add segments", async () => {
    expect(await automerge()).toBe(0);
    const before = await segmentCount(ctx.db, INDEX);
    await insertEntries(12, 'Kilamba');
    // Each insert wrote a segment of its own, merged by none of them.
    expect(await segmentCount(ctx.db, INDEX)).toBe(before + 12);
    expect(await searchIds('kilamba')).toHaveLength(12);
  });

  it('merges the segments in the background, finding the same entries, until stopped', async () => {
    const found = await searchIds('kilamba');
    const errors: unknown[] = [];
    const upkeep = startTextIndexUpkeep(indexMergesOf(ctx.db), {
      stepPauseMs: 0,
      idleMs: 10,
      onError: (e) => errors.push(e),
    });
    try {
      // FTS5's tiers: no level is left holding TIER segments.
      expect(await mergedDownTo(TIER - 1)).toBeLessThan(TIER);
    } finally {
      await upkeep.stop();
    }
    expect(errors).toEqual([]);
    expect(await searchIds('kilamba')).toEqual(found);
    await sql`insert into ${sql.table(INDEX)} (${sql.table(INDEX)}) values ('integrity-check')`.execute(
      ctx.db,
    );

    // Stopped: new entries stay as they are written.
    const stopped = await segmentCount(ctx.db, INDEX);
    await insertEntries(5, 'Viana');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await segmentCount(ctx.db, INDEX)).toBe(stopped + 5);
  });

  it('reports a merge that fails and keeps going', async () => {
    const errors: unknown[] = [];
    const upkeep = startTextIndexUpkeep(indexMergesOf(ctx.db), {
      indexes: ['missing_fts', INDEX],
      segmentsAllowed: 0,
      stepPauseMs: 0,
      idleMs: 5,
      onError: (error) => errors.push(error),
    });
    try {
      expect(await mergedDownTo(TIER - 1)).toBeLessThan(TIER);
      expect(errors.length).toBeGreaterThan(0);
      expect(String(errors[0])).toMatch(/missing_fts/);
    } finally {
      await upkeep.stop();
    }
  });

  it('reads the segment count from the structure record', async () => {
    await insertEntries(3, 'Benfica');
    expect(await segmentsOf(ctx.db, INDEX)).toBe(await segmentCount(ctx.db, INDEX));
  });

  it("runs on a connection of the server's own, leaving up to 8 segments alone (server/sqlite-upkeep)", async () => {
    const stop = await startSqliteUpkeep(ctx.config, (error) => {
      throw error;
    });
    try {
      await insertEntries(12, 'Cacuaco');
      expect(await mergedDownTo(8)).toBeLessThanOrEqual(8);
      // Up to 8 segments, nothing is merged: new entries' segments stay as they are.
      const merged = await segmentCount(ctx.db, INDEX);
      const added = 8 - merged;
      expect(added).toBeGreaterThan(0);
      await insertEntries(added, 'Cacuaco');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await segmentCount(ctx.db, INDEX)).toBe(8);
    } finally {
      await stop();
    }
    expect((await searchIds('cacuaco')).length).toBeGreaterThan(12);
  });

  it('migration 0038 down gives the merges back to the writes, up takes them away again', async () => {
    await journalIndexMigration.down(ctx.db);
    expect(await automerge()).toBe(TIER);
    await journalIndexMigration.up(ctx.db);
    expect(await automerge()).toBe(0);
  });

  it('migration 0043 takes the merges away from the writes again where a seed had given them back', async () => {
    // What a large seed left before it carried the indexes' settings over: FTS5's default.
    await sql`insert into ${sql.table(INDEX)} (${sql.table(INDEX)}, rank) values ('automerge', ${sql.lit(TIER)})`.execute(
      ctx.db,
    );
    expect(await automerge()).toBe(TIER);
    await automergeAfterSeedMigration.up(ctx.db);
    expect(await automerge()).toBe(0);
    // Where it was kept, it stays.
    await automergeAfterSeedMigration.up(ctx.db);
    expect(await automerge()).toBe(0);
  });
});
