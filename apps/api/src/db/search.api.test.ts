import { SEARCH_COUNT_CAP, USERS_PAGE_SIZE } from '@kwanza/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSearchText } from '../lib/search-text.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import * as wordStartSearch from './migrations/2026-11-25-0018-word-start-search.js';
import {
  INDEX_PLAN,
  planSearch,
  planSearches,
  type SearchPlan,
  type SearchSide,
  searchAnySide,
  searchMatches,
} from './search.js';

/*
 * Search goes through the text index (FTS5 trigram on SQLite, pg_trgm on PostgreSQL): accent- and
 * case-insensitive infix matches of names, e-mails and phones, short terms included, and a count that
 * stops at SEARCH_COUNT_CAP with `count_capped`.
 */

interface UsersAnswer {
  count: number;
  count_capped?: boolean;
  results: { username: string }[];
  stats: { pending: number } | null;
}

describe(`search through the text index (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  const joined = '2026-01-01T00:00:00.000Z';

  beforeAll(async () => {
    ctx = await createTestContext();
    const person = (index: number, first: string, last: string, phone: string | null) => {
      const username = `membre${index}`;
      const email = `${username}@exemple.ao`;
      return {
        username,
        email,
        first_name: first,
        last_name: last,
        phone_number: phone,
        role: 'client' as const,
        is_active: true,
        is_verified: false,
        is_phone_verified: false,
        date_joined: joined,
        search_text: userSearchText({
          username,
          first_name: first,
          last_name: last,
          email,
          phone_number: phone,
        }),
      };
    };
    const rows = [
      person(1, 'Ângela', 'Tchissola', '+244923111222'),
      person(2, 'João', 'Baptista', null),
      person(3, 'Zé', 'Ngola', null),
      ...Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, index) =>
        person(100 + index, 'Massiva', 'Kiluanje', null),
      ),
    ];
    for (let start = 0; start < rows.length; start += 200) {
      await ctx.db
        .insertInto('users')
        .values(rows.slice(start, start + 200))
        .execute();
    }
  }, 60_000);

  afterAll(() => ctx.close());

  const search = async (term: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/?search=${encodeURIComponent(term)}`,
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json<UsersAnswer>();
  };

  it('matches infixes without accents or case', async () => {
    expect((await search('ANGEL')).results.map((user) => user.username)).toEqual(['membre1']);
    expect((await search('tchiss')).results.map((user) => user.username)).toEqual(['membre1']);
    expect((await search('joão bap')).results.map((user) => user.username)).toEqual(['membre2']);
  });

  it('matches e-mails and phone numbers', async () => {
    expect((await search('membre2@exemple')).results.map((user) => user.username)).toEqual(['membre2']);
    expect((await search('923111')).results.map((user) => user.username)).toEqual(['membre1']);
  });

  it('matches terms shorter than a trigram at the start of a word, through the index', async () => {
    const found = async (term: string) => (await search(term)).results.map((user) => user.username);
    expect(await found('ze')).toEqual(['membre3']);
    expect(await found('ZÉ')).toEqual(['membre3']);
    expect(await found('ng')).toEqual(['membre3']);
    expect(await found('t')).toEqual(['membre1']);
    // inside a word, a short term matches nothing; three characters match anywhere
    expect(await found('go')).toEqual([]);
    expect(await found('gol')).toEqual(['membre3']);
    // the first word (the username) is a word start too
    expect(await found('me')).toHaveLength(USERS_PAGE_SIZE);
    if (ctx.dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan
        select id from users where ${searchMatches('sqlite', 'users', 'ze')}`.execute(ctx.db);
      expect(plan.rows.map((row) => row.detail).join(' ')).toContain('users_fts');
    }
  });

  it('finds texts written before the word-start rule once the migration has run', async () => {
    const text = async () =>
      (
        await ctx.db
          .selectFrom('users')
          .select('search_text')
          .where('username', '=', 'membre3')
          .executeTakeFirstOrThrow()
      ).search_text;
    const current = await text();
    expect(current.startsWith(' ')).toBe(true);
    // as written before: no leading space, so the first word followed no space
    await ctx.db
      .updateTable('users')
      .set({ search_text: 'zebu ngola' })
      .where('username', '=', 'membre3')
      .execute();
    expect((await search('ze')).results).toEqual([]);
    await wordStartSearch.up(ctx.db);
    expect(await text()).toBe(' zebu ngola');
    expect((await search('ze')).results.map((user) => user.username)).toEqual(['membre3']);
    await wordStartSearch.up(ctx.db);
    expect(await text()).toBe(' zebu ngola');
    await ctx.db
      .updateTable('users')
      .set({ search_text: current })
      .where('username', '=', 'membre3')
      .execute();
  });

  it('reads the page of a search under the cap by id, in the list order, page after page', async () => {
    // membre100…membre109 and membre1000…membre1099 (same date: newest id first)
    const page = async (number: number) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/?search=membre10&page=${number}`,
        headers: ctx.auth,
      });
      expect(response.statusCode).toBe(200);
      return response.json<UsersAnswer & { results: { id: number; username: string }[] }>();
    };
    const first = await page(1);
    const second = await page(2);
    expect(first.count).toBe(110);
    expect(first.count_capped).toBeUndefined();
    expect(first.stats).toEqual({ pending: 0, verified: 0, rejected: 0, phone_verified: 0 });
    const ids = [...first.results, ...second.results].map((user) => user.id);
    expect(ids).toHaveLength(2 * USERS_PAGE_SIZE);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...first.results, ...second.results].every((user) => user.username.startsWith('membre10'))).toBe(
      true,
    );
  });

  it('finds the same rows whatever the plan: text index, LIKE on each row, or the ids of a rare term', async () => {
    const idsWith = async (term: string, plan: SearchPlan) =>
      (
        await ctx.db
          .selectFrom('users')
          .select('users.id')
          .where(searchMatches(ctx.dialect, 'users', term, { plan }))
          .orderBy('users.id')
          .execute()
      ).map((row) => row.id);
    for (const term of [
      'massiva',
      'tchiss',
      'ze',
      'ng',
      't',
      'membre10',
      'joão bap',
      '923111',
      'introuvable',
    ]) {
      const expected = await idsWith(term, INDEX_PLAN);
      expect(await idsWith(term, { kind: 'scan' }), term).toEqual(expected);
      expect(await idsWith(term, { kind: 'ids', ids: expected }), term).toEqual(expected);
      expect(await idsWith(term, await planSearch(ctx.db, 'users', term)), term).toEqual(expected);
    }
    expect(await idsWith('massiva', { kind: 'ids', ids: [] })).toEqual([]);
  });

  it('finds the same rows through several sides whatever their plans, leaving out a side known empty', async () => {
    // The second side reaches the same users through a column of the listed rows (as a dispute's
    // client_id does), which is how lists search their parties.
    const sides: SearchSide[] = [{ table: 'users' }, { table: 'users', alias: 'users', idColumn: 'id' }];
    const idsWith = async (term: string, plan: SearchPlan | null, others: boolean = false) =>
      (
        await ctx.db
          .selectFrom('users')
          .select('users.id')
          .where((eb) =>
            searchAnySide(
              ctx.dialect,
              term,
              sides,
              plan ? new Map([['users', plan]]) : undefined,
              others ? [eb('users.username', '=', 'membre2')] : [],
            ),
          )
          .orderBy('users.id')
          .execute()
      ).map((row) => row.id);
    for (const term of ['massiva', 'tchiss', 'ng', '923111', 'introuvable']) {
      const expected = await idsWith(term, null);
      expect(expected.length > 0 || term === 'introuvable', term).toBe(true);
      expect(await idsWith(term, { kind: 'scan' }), term).toEqual(expected);
      expect(await idsWith(term, { kind: 'ids', ids: expected }), term).toEqual(expected);
      const planned = await planSearches(ctx.db, sides, term);
      expect([...planned.keys()]).toEqual(['users']);
      expect(await idsWith(term, planned.get('users') ?? null), term).toEqual(expected);
    }
    // Every side known empty: nothing matches, but another condition of the OR still does.
    expect(await idsWith('massiva', { kind: 'ids', ids: [] })).toEqual([]);
    const joao = await idsWith('baptista', null);
    expect(joao).toHaveLength(1);
    expect(await idsWith('massiva', { kind: 'ids', ids: [] }, true)).toEqual(joao);
  });

  it('plans a rare term on SQLite as the ids the text index gave, all of them', async () => {
    const plan = await planSearch(ctx.db, 'users', 'tchissola');
    if (ctx.dialect === 'sqlite') {
      const id = (
        await ctx.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'membre1')
          .executeTakeFirstOrThrow()
      ).id;
      expect(plan).toEqual({ kind: 'ids', ids: [id] });
      expect(await planSearch(ctx.db, 'users', 'introuvable')).toEqual({ kind: 'ids', ids: [] });
    } else {
      // PostgreSQL's planner weighs the term from its own statistics.
      expect(plan).toEqual(INDEX_PLAN);
    }
    // A one-letter term: on SQLite, the texts with a word starting with it, by the text index's
    // trigrams that start the same way (db/word-starts.ts).
    const oneLetter = await planSearch(ctx.db, 'users', 't');
    if (ctx.dialect === 'sqlite') {
      const starting = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('search_text', 'like', '% t%')
        .orderBy('id')
        .execute();
      expect(starting.length).toBeGreaterThan(0);
      expect(oneLetter).toEqual({ kind: 'ids', ids: starting.map((row) => row.id) });
      expect(await planSearch(ctx.db, 'users', '§')).toEqual({ kind: 'ids', ids: [] });
    } else {
      expect(oneLetter).toEqual(INDEX_PLAN);
    }
  });

  it('answers a search without a match with an empty page and zero counters', async () => {
    const users = await search('introuvable-xyz');
    expect(users).toMatchObject({ count: 0, results: [] });
    expect(users.stats).toEqual({ pending: 0, verified: 0, rejected: 0, phone_verified: 0 });
    const providers = await ctx.app.inject({
      method: 'GET',
      url: '/api/providers/?search=introuvable-xyz',
      headers: ctx.auth,
    });
    expect(providers.statusCode).toBe(200);
    expect(providers.json()).toMatchObject({
      count: 0,
      results: [],
      stats: { total: 0, verified: 0, pending: 0 },
    });
  });

  it('counts exactly under the cap, with the counters of the matches', async () => {
    const answer = await search('tchissola');
    expect(answer.count).toBe(1);
    expect(answer.count_capped).toBeUndefined();
    expect(answer.stats).toEqual({ pending: 0, verified: 0, rejected: 0, phone_verified: 0 });
  });

  it('stops counting at the cap and says so', async () => {
    const answer = await search('massiva');
    expect(answer.count).toBe(SEARCH_COUNT_CAP);
    expect(answer.count_capped).toBe(true);
    expect(answer.stats).toBeNull();
    expect(answer.results).toHaveLength(USERS_PAGE_SIZE);
  });

  it('treats quotes and LIKE wildcards as plain text', async () => {
    expect((await search('"angela')).count).toBe(0);
    expect((await search('%')).count).toBe(0);
    expect((await search('ang_la')).count).toBe(0);
  });
});
