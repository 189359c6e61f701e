import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { sqliteConnectionOf } from './database.js';

/*
 * A search under the cap reads its page, and the users screen its counters, among the matches' ids
 * (db/paginate.ts `rowsOf`): padded to a few lengths (db/id-lists.ts), searches of different numbers
 * of matches share their statements, prepared once, instead of one statement per number.
 */

const NAMES = { Quiala: 5, Quissanga: 6, Quituxe: 7 } as const;

describe('id lists of a search share their statements (SQLite)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const [lastName, count] of Object.entries(NAMES)) {
      for (let index = 0; index < count; index += 1) await insertUser(ctx.db, { last_name: lastName });
    }
  });

  afterAll(() => ctx.close());

  it('prepares the page and the counters among 5, 6 and 7 matches once', async () => {
    const connection = sqliteConnectionOf(ctx.db);
    if (!connection) throw new Error('pas de connexion SQLite');
    const prepared: string[] = [];
    const prepare = connection.prepare.bind(connection);
    connection.prepare = ((source: string) => {
      prepared.push(source);
      return prepare(source);
    }) as typeof connection.prepare;
    try {
      for (const [lastName, count] of Object.entries(NAMES)) {
        const response = await ctx.request('GET', `/api/users/?search=${lastName.toLowerCase()}&page_size=3`);
        expect(response.statusCode).toBe(200);
        const body = response.json<{ count: number; results: { last_name: string }[] }>();
        expect(body.count).toBe(count);
        expect(body.results).toHaveLength(3);
        expect(body.results.every((user) => user.last_name === lastName)).toBe(true);
      }
    } finally {
      connection.prepare = prepare;
    }
    // Not the programs read once to learn what a kept answer read (db/unchanged-tables).
    const amongIds = prepared.filter(
      (source) => !source.startsWith('explain ') && /"users"\."id" in \(\?/.test(source),
    );
    // The page's rows and the four counters: one statement each, for the three searches.
    expect(amongIds).toHaveLength(2);
    for (const source of amongIds) expect(source.match(/\?/g)?.length).toBeGreaterThanOrEqual(8);
  });
});
