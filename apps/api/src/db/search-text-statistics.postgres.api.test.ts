import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRow } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import * as searchTextStatistics from './migrations/2026-11-28-0040-search-text-statistics.js';
import * as journalSearchStatistics from './migrations/2026-11-29-0042-journal-search-statistics.js';

/*
 * PostgreSQL: the searched texts keep a statistics target of 1,000 (migration 0040), so that ANALYZE
 * gives the planner a histogram of 1,001 of their values to estimate a term's rows from, not 101;
 * but the audit journal's, whose long texts made every search's planning cost more (migration 0042).
 */

/** The server's default target: -1 (PostgreSQL 16 and older) or null (17 on). */
const DEFAULT_TARGETS = [null, -1];
const JOURNAL_TEXT = 'audit_entries.search_text';

const { SEARCHED_TEXTS, SEARCH_TEXT_STATISTICS } = searchTextStatistics;

describe('statistics of the searched texts (postgres)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    const rows = Array.from({ length: 3_000 }, (_, index) =>
      userRow({
        username: `membre${index}`,
        email: `membre${index}@kwanza.test`,
        last_name: `Membre ${index}`,
      }),
    );
    for (let start = 0; start < rows.length; start += 500) {
      await ctx.db
        .insertInto('users')
        .values(rows.slice(start, start + 500))
        .execute();
    }
  }, 60_000);

  afterAll(() => ctx.close());

  const targets = async (): Promise<Map<string, number | null>> => {
    const { rows } = await sql<{ name: string; target: number | null }>`
      select c.relname || '.' || a.attname as name, a.attstattarget as target
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relname in (${sql.join(Object.keys(SEARCHED_TEXTS))})
        and a.attname in ('search_text', 'party_text') and not a.attisdropped`.execute(ctx.db);
    return new Map(rows.map((row) => [row.name, row.target === null ? null : Number(row.target)]));
  };

  /** The number of values in the users' search texts' histogram after ANALYZE. */
  const histogramSize = async (): Promise<number> => {
    await sql`analyze users (search_text)`.execute(ctx.db);
    const { rows } = await sql<{ size: number }>`
      select array_length(histogram_bounds, 1) as size from pg_stats
      where schemaname = current_schema() and tablename = 'users' and attname = 'search_text'`.execute(
      ctx.db,
    );
    return Number(rows[0]?.size);
  };

  it('sets the target on every text a trigram index searches, and down resets it', async () => {
    const expected = Object.entries(SEARCHED_TEXTS).flatMap(([table, columns]) =>
      columns.map((column) => `${table}.${column}`),
    );
    const { rows: indexed } = await sql<{ name: string }>`
      select t.relname || '.' || a.attname as name
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_opclass o on o.oid = x.indclass[0]
      join pg_class t on t.oid = x.indrelid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[0]
      where o.opcname = 'gin_trgm_ops'`.execute(ctx.db);
    // Every trigram-indexed text, and only those.
    expect(indexed.map((row) => row.name).sort()).toEqual([...expected].sort());
    const set = await targets();
    for (const name of expected) {
      if (name === JOURNAL_TEXT) expect(DEFAULT_TARGETS, name).toContain(set.get(name));
      else expect(set.get(name), name).toBe(SEARCH_TEXT_STATISTICS);
    }
    expect(await histogramSize()).toBe(SEARCH_TEXT_STATISTICS + 1);

    await searchTextStatistics.down(ctx.db);
    try {
      const reset = await targets();
      for (const name of expected) expect(DEFAULT_TARGETS, name).toContain(reset.get(name));
      expect(await histogramSize()).toBe(101);
    } finally {
      // As the migrations run: 0040, then 0042.
      await searchTextStatistics.up(ctx.db);
      await journalSearchStatistics.up(ctx.db);
    }
    expect((await targets()).get('users.search_text')).toBe(SEARCH_TEXT_STATISTICS);
    expect(await histogramSize()).toBe(SEARCH_TEXT_STATISTICS + 1);
  });

  it("leaves the journal's text at the server's target, and down gives it 1,000 again", async () => {
    expect(DEFAULT_TARGETS).toContain((await targets()).get(JOURNAL_TEXT));
    await journalSearchStatistics.down(ctx.db);
    try {
      expect((await targets()).get(JOURNAL_TEXT)).toBe(SEARCH_TEXT_STATISTICS);
    } finally {
      await journalSearchStatistics.up(ctx.db);
    }
    expect(DEFAULT_TARGETS).toContain((await targets()).get(JOURNAL_TEXT));
  });
});
