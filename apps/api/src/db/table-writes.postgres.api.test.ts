import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory } from '../modules/projects/projects.factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { compactTableWrites, tableVersions } from './unchanged-tables.js';

/*
 * PostgreSQL: a table's version is its total plus its write rows (migration 2026-12-01-0050), raised
 * by each statement that writes it, at its commit, and never changed by a compaction.
 */

describe('the versions of PostgreSQL’s tables', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(() => ctx.close());

  const version = async (table: string) => (await tableVersions(ctx.db)).get(table);

  it('rises with each statement that writes a table, at its commit, and not for a rollback', async () => {
    const before = await version('categories');
    expect(before).toBeTypeOf('number');
    await insertCategory(ctx.db, 'Versions 1');
    const afterInsert = await version('categories');
    expect(afterInsert).toBeGreaterThan(before ?? 0);
    // A transaction's writes count from its commit: read meanwhile, the version has not moved.
    await ctx.db.transaction().execute(async (trx) => {
      await sql`update categories set description = 'v' where name = 'Versions 1'`.execute(trx);
      expect(await version('categories')).toBe(afterInsert);
    });
    const afterCommit = await version('categories');
    expect(afterCommit).toBeGreaterThan(afterInsert ?? 0);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await sql`update categories set description = 'w' where name = 'Versions 1'`.execute(trx);
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    expect(await version('categories')).toBe(afterCommit);
    // Another table's version stays.
    const users = await version('users');
    await insertCategory(ctx.db, 'Versions 2');
    expect(await version('users')).toBe(users);
  });

  it('keeps every version through compactions, two of them at once included', async () => {
    for (let index = 0; index < 5; index += 1) await insertCategory(ctx.db, `Compactée ${index}`);
    const before = await tableVersions(ctx.db);
    const pending = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from table_writes`.execute(ctx.db)).rows[0]?.n);
    expect(await pending()).toBeGreaterThan(0);
    await Promise.all([compactTableWrites(ctx.db), compactTableWrites(ctx.db)]);
    expect(await pending()).toBe(0);
    expect(await tableVersions(ctx.db)).toEqual(before);
    // A write after the compaction still raises the version.
    await insertCategory(ctx.db, 'Après compaction');
    expect(await version('categories')).toBeGreaterThan(before.get('categories') ?? 0);
  });

  it('keeps a write committed while a compaction runs', async () => {
    const before = await version('categories');
    await Promise.all([
      compactTableWrites(ctx.db),
      insertCategory(ctx.db, 'Pendant la compaction'),
      compactTableWrites(ctx.db),
    ]);
    expect(await version('categories')).toBeGreaterThan(before ?? 0);
  });
});
