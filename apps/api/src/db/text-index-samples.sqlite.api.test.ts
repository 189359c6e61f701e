import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { ftsPhrase } from './search.js';
import { structureRecord } from './text-index-merge.js';
import { sampleMatches } from './text-index-samples.js';

/*
 * SQLite: a search's first matches kept while the text index is unchanged (db/text-index-samples.ts),
 * and an admin's own change found at once.
 */

describe('samples of text matches kept while the index is unchanged (sqlite)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(() => ctx.close());

  const sample = (term: string) => sampleMatches(ctx.db, 'users_fts', ftsPhrase(term), 50);

  const searchUserIds = async (term: string): Promise<number[]> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/?search=${encodeURIComponent(term)}`,
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(200);
    return response
      .json<{ results: { id: number }[] }>()
      .results.map((user) => user.id)
      .sort((a, b) => a - b);
  };

  it('answers the same sample while nothing is written, a new one after any write to the index', async () => {
    const first = await insertUser(ctx.db, { last_name: 'Quissama' });
    const before = await structureRecord(ctx.db, 'users_fts');
    const kept = await sample('quissama');
    expect(kept).toEqual([first]);
    // Kept: the same array, not read again.
    expect(await sample('quissama')).toBe(kept);

    // Another user, without the term: the index changed, so the sample is read again (same ids).
    await insertUser(ctx.db, { last_name: 'Dondo' });
    expect(await structureRecord(ctx.db, 'users_fts')).not.toEqual(before);
    const reread = await sample('quissama');
    expect(reread).not.toBe(kept);
    expect(reread).toEqual([first]);

    const second = await insertUser(ctx.db, { last_name: 'Quissama' });
    expect(await sample('quissama')).toEqual([first, second]);
  });

  it("sees a transaction's own writes inside it, and none of them once rolled back", async () => {
    const outside = await sample('quissama');
    const inside = await ctx.db
      .transaction()
      .execute(async (trx) => {
        const id = await insertUser(trx, { last_name: 'Quissama' });
        const seen = await sampleMatches(trx, 'users_fts', ftsPhrase('quissama'), 50);
        expect(seen).toContain(id);
        throw new RolledBack(seen);
      })
      .catch((error: unknown) => (error instanceof RolledBack ? error.seen : []));
    expect(inside).toHaveLength(outside.length + 1);
    expect(await sample('quissama')).toEqual(outside);
    // The next write, a user without the term, takes the rolled-back user's id: still not found.
    const next = await insertUser(ctx.db, { last_name: 'Dondo' });
    expect(inside).toContain(next);
    expect(await sample('quissama')).toEqual(outside);
  });

  it("finds an admin's own change at once: a renamed user found by the new name, no more by the old", async () => {
    const id = await insertUser(ctx.db, { first_name: 'Ana', last_name: 'Kalandula' });
    expect(await searchUserIds('kalandula')).toEqual([id]);
    expect(await searchUserIds('mussulo')).toEqual([]);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}/`,
      headers: ctx.auth,
      payload: { last_name: 'Mussulo' },
    });
    expect(response.statusCode).toBe(200);
    expect(await searchUserIds('mussulo')).toEqual([id]);
    expect(await searchUserIds('kalandula')).toEqual([]);
  });

  it('keeps each database its own samples', async () => {
    const other = await createTestContext();
    try {
      const id = await insertUser(other.db, { last_name: 'Quissama' });
      const mine = await sample('quissama');
      const theirs = await sampleMatches(other.db, 'users_fts', ftsPhrase('quissama'), 50);
      expect(theirs).toEqual([id]);
      expect(await sample('quissama')).toBe(mine);
    } finally {
      await other.close();
    }
  });
});

class RolledBack extends Error {
  constructor(readonly seen: readonly number[]) {
    super('rolled back');
  }
}
