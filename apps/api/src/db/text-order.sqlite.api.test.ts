import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { DENSITY_SAMPLE, inTextIndexOrder, ROW_PLAN, searchMatches, TEXT_ORDER_PLAN } from './search.js';

/*
 * SQLite: `inTextIndexOrder` joins the text index to a list's filtered rows and reads its matches
 * in id order (the index's own); the rows are those of the list's own filter, and the plan is driven
 * by the index.
 */

describe('reading matches in the text index order (sqlite)', () => {
  let ctx: TestContext;
  const COMMON = DENSITY_SAMPLE + 50;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.transaction().execute(async (trx) => {
      for (let index = 0; index < COMMON; index += 1) {
        await insertUser(trx, {
          first_name: 'Comum',
          last_name: 'Kilamba',
          role: index % 2 === 0 ? 'client' : 'provider',
        });
      }
      // Clients without the term: the list's filter alone would keep them.
      for (let index = 0; index < 30; index += 1) {
        await insertUser(trx, { first_name: 'Outra', last_name: 'Pessoa', role: 'client' });
      }
    });
  }, 120_000);

  afterAll(() => ctx.close());

  const filtered = () =>
    ctx.db
      .selectFrom('users')
      .where('users.role', '=', 'client')
      .where(searchMatches(ctx.dialect, 'users', 'kilamba', { plan: ROW_PLAN }))
      .select('users.id');

  it('reads the rows of the list filter, in id order', async () => {
    const plain = (await filtered().orderBy('users.id').execute()).map((row) => row.id);
    expect(plain).toHaveLength(Math.ceil(COMMON / 2));
    const ordered = inTextIndexOrder(filtered(), { table: 'users', term: 'kilamba' });
    expect((await ordered.execute()).map((row) => row.id)).toEqual(plain);
    expect((await ordered.limit(10).execute()).map((row) => row.id)).toEqual(plain.slice(0, 10));
  });

  it('checks nothing again on the joined rows (TEXT_ORDER_PLAN): the join keeps exactly those that hold the term', async () => {
    const joined = inTextIndexOrder(
      ctx.db
        .selectFrom('users')
        .where('users.role', '=', 'client')
        .where(searchMatches(ctx.dialect, 'users', 'kilamba', { plan: TEXT_ORDER_PLAN }))
        .select('users.id'),
      { table: 'users', term: 'kilamba' },
    );
    expect(joined.compile().sql).not.toMatch(/ like /i);
    const plain = (await filtered().orderBy('users.id').execute()).map((row) => row.id);
    expect((await joined.execute()).map((row) => row.id)).toEqual(plain);
  });

  it('is driven by the text index, in its rowid order', async () => {
    const compiled = inTextIndexOrder(filtered(), { table: 'users', term: 'kilamba' }).limit(10).compile();
    const { rows } = await ctx.db.executeQuery<{ detail: string }>({
      ...compiled,
      sql: `explain query plan ${compiled.sql}`,
    });
    expect(rows.map((row) => row.detail)).toEqual([
      expect.stringMatching(/^SCAN text_matches VIRTUAL TABLE/),
      expect.stringMatching(/^SEARCH users USING INTEGER PRIMARY KEY/),
    ]);
  });
});
