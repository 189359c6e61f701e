import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertProject } from './projects.factories.js';
import { completedInOrder } from './projects.repository.js';

/*
 * The completed projects (statuses 'completed' and 'closed') are read as two ordered walks of an
 * index, merged, which stop at the page: SQLite's `MERGE (UNION ALL)`, PostgreSQL's `Merge Append`;
 * never a sort of every entry of both statuses (PostgreSQL: 47 ms for the first page at a million
 * users, when its arms were not ordered).
 */

describe('the completed projects, merged in order', () => {
  let ctx: TestContext;
  const expected: Array<{ id: number; created_at: string }> = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const clientId = await insertUser(ctx.db, { first_name: 'Ana', last_name: 'Kiala' });
    const statuses = ['completed', 'open', 'closed', 'in_progress', 'completed', 'closed'] as const;
    for (let index = 0; index < 36; index += 1) {
      const status = statuses[index % statuses.length] ?? 'open';
      // Creation times out of id order, some shared: the order is (created_at desc, id desc).
      const created = new Date(Date.UTC(2026, 0, 1) + ((index * 7) % 12) * 3_600_000).toISOString();
      const id = await insertProject(ctx.db, { client_id: clientId, status, created_at: created });
      if (status === 'completed' || status === 'closed') {
        expected.push({ id, created_at: created });
      }
    }
    expected.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  });

  afterAll(() => ctx.close());

  const page = (db: Kysely<Database>, limit: number, offset: number) =>
    completedInOrder(
      db,
      { search: undefined, status: 'completed', category: undefined, client: undefined },
      undefined,
    )
      .limit(limit)
      .offset(offset);

  /** The plan's lines of the page's statement (PostgreSQL: no sequential or bitmap scan allowed). */
  const planOf = async (limit: number, offset: number): Promise<string[]> => {
    const compiled = page(ctx.db, limit, offset).compile();
    if (ctx.dialect === 'sqlite') {
      const { rows } = await ctx.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((row) => row.detail);
    }
    return ctx.db.transaction().execute(async (trx) => {
      // A few rows: without these, a sequential scan of the small table wins whatever the query.
      await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
      await trx.executeQuery(CompiledQuery.raw('set local enable_bitmapscan = off'));
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']);
    });
  };

  it('reads each page in order', async () => {
    const ids = expected.map((row) => row.id);
    expect(ids.length).toBe(24);
    for (const offset of [0, 5, 10, 20]) {
      const rows = await page(ctx.db, 5, offset).execute();
      expect(rows.map((row) => Number(row.id))).toEqual(ids.slice(offset, offset + 5));
    }
  });

  it('merges the two ordered walks, without a sort', async () => {
    const plan = await planOf(5, 10);
    if (ctx.dialect === 'sqlite') {
      expect(plan).toContain('MERGE (UNION ALL)');
      expect(plan.some((line) => line.includes('TEMP B-TREE'))).toBe(false);
    } else {
      expect(plan.some((line) => line.includes('Merge Append'))).toBe(true);
      // A Sort node (not the Merge Append's own "Sort Key" line).
      expect(plan.some((line) => /(^|->)\s*Sort\s+\(/.test(line.trim()))).toBe(false);
    }
  });
});
