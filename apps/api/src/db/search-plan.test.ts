import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { WITNESSES } from './capped-witnesses.js';
import type { Database } from './schema.js';
import {
  CAP_SAMPLE,
  CAPPED_PROBE_VISITS,
  DENSE_SHARE,
  DENSITY_SAMPLE,
  filteredColumn,
  GATHERED_PER_READ,
  INDEX_PLAN,
  isDenseSample,
  isEmptyPlan,
  isIndexServed,
  isPlannedByIds,
  LARGE_TABLE_ROWS,
  PAGE_PROBE_VISITS,
  PAGE_SCAN_VISITS,
  PROOF_INDEX_SHARE,
  pagePlan,
  pagePlans,
  probeAlongOrder,
  probePlan,
  probePlans,
  proofPlans,
  SCATTERED_PAGE_SCAN_VISITS,
  type SearchPlan,
  type SearchPlans,
  type SearchSide,
  searchMatches,
  windowPlan,
} from './search.js';

describe('isDenseSample', () => {
  const big = LARGE_TABLE_ROWS * 10;

  it('calls a term dense when its sampled matches span ids of which they are at least DENSE_SHARE', () => {
    const spread = Math.floor(DENSITY_SAMPLE / DENSE_SHARE);
    const dense = { sampled: DENSITY_SAMPLE, firstId: 7, lastId: 7 + spread - 1, newestId: big };
    expect(isDenseSample(dense, DENSITY_SAMPLE)).toBe(true);
    expect(isDenseSample({ ...dense, lastId: 7 + 2 * spread }, DENSITY_SAMPLE)).toBe(false);
    // Read in either order, the span is the same.
    expect(isDenseSample({ ...dense, firstId: dense.lastId, lastId: dense.firstId }, DENSITY_SAMPLE)).toBe(
      true,
    );
  });

  it('never on a small table, nor with fewer matches than the sample (they are all the matches)', () => {
    expect(
      isDenseSample(
        { sampled: DENSITY_SAMPLE, firstId: 1, lastId: 2, newestId: LARGE_TABLE_ROWS - 1 },
        DENSITY_SAMPLE,
      ),
    ).toBe(false);
    expect(
      isDenseSample({ sampled: DENSITY_SAMPLE - 1, firstId: 1, lastId: 10, newestId: big }, DENSITY_SAMPLE),
    ).toBe(false);
  });
});

describe('pagePlan', () => {
  const common: SearchPlan = { kind: 'index', sampled: DENSITY_SAMPLE, share: 0.005 };

  it('checks a common term on each row when the page is met within PAGE_SCAN_VISITS rows', () => {
    const lastRowMet = PAGE_SCAN_VISITS * 0.005;
    expect(pagePlan(common, lastRowMet)).toEqual({ ...common, kind: 'scan' });
    expect(pagePlan(common, lastRowMet + 1)).toBe(common);
  });

  it('visits fewer rows along an order that does not follow the ids (SCATTERED_PAGE_SCAN_VISITS)', () => {
    const lastRowMet = SCATTERED_PAGE_SCAN_VISITS * 0.005;
    expect(SCATTERED_PAGE_SCAN_VISITS).toBeLessThan(PAGE_SCAN_VISITS);
    expect(pagePlan(common, lastRowMet, SCATTERED_PAGE_SCAN_VISITS)).toEqual({ ...common, kind: 'scan' });
    expect(pagePlan(common, lastRowMet + 1, SCATTERED_PAGE_SCAN_VISITS)).toBe(common);
    const own = [{ table: 'client_verifications' as const }];
    const plans = new Map([['client_verifications' as const, common]]);
    expect(pagePlans(own, plans, lastRowMet + 1).get('client_verifications')?.kind).toBe('scan');
    expect(
      pagePlans(own, plans, lastRowMet + 1, SCATTERED_PAGE_SCAN_VISITS).get('client_verifications'),
    ).toBe(common);
  });

  it('leaves other plans alone', () => {
    const ids: SearchPlan = { kind: 'ids', ids: [1, 2] };
    expect(pagePlan(ids, 1)).toBe(ids);
    expect(pagePlan(INDEX_PLAN, 1)).toBe(INDEX_PLAN);
    const dense: SearchPlan = { kind: 'scan', sampled: DENSITY_SAMPLE, share: 0.3 };
    expect(pagePlan(dense, 1)).toBe(dense);
  });

  it('adjusts the own sides only', () => {
    const plans = pagePlans(
      [{ table: 'conversations' }, { table: 'users', alias: 'conversations', idColumn: 'client_id' }],
      new Map([
        ['conversations', common],
        ['users', common],
      ]),
      20,
    );
    expect(plans.get('conversations')).toEqual({ ...common, kind: 'scan' });
    expect(plans.get('users')).toBe(common);
  });
});

describe('isEmptyPlan', () => {
  it('is true only for a list of no ids', () => {
    expect(isEmptyPlan({ kind: 'ids', ids: [] })).toBe(true);
    expect(isEmptyPlan({ kind: 'ids', ids: [3] })).toBe(false);
    expect(isEmptyPlan({ kind: 'scan' })).toBe(false);
    expect(isEmptyPlan({ kind: 'index' })).toBe(false);
  });
});

describe('isPlannedByIds', () => {
  const ids = (...values: number[]): SearchPlan => ({ kind: 'ids', ids: values });

  it('is true when every side holds all its matches, and one of them at least a match', () => {
    expect(isPlannedByIds(ids(4, 2))).toBe(true);
    expect(
      isPlannedByIds(
        new Map([
          ['disputes', ids(9)],
          ['dispute_parties', ids()],
        ]) as SearchPlans,
      ),
    ).toBe(true);
  });

  it('is false with a side searched through the index or by scan, with no match at all, or no plan', () => {
    expect(
      isPlannedByIds(
        new Map([
          ['disputes', ids(9)],
          ['dispute_parties', INDEX_PLAN],
        ]) as SearchPlans,
      ),
    ).toBe(false);
    expect(isPlannedByIds({ kind: 'scan' })).toBe(false);
    expect(isPlannedByIds(ids())).toBe(false);
    expect(isPlannedByIds(new Map())).toBe(false);
    expect(isPlannedByIds(undefined)).toBe(false);
  });
});

/** A Kysely that only compiles, in a dialect's SQL. */
const compilerOf = (dialect: 'sqlite' | 'postgres') =>
  new Kysely<Database>({
    dialect: {
      createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        dialect === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db),
      createQueryCompiler: () =>
        dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
  });

describe('searchMatches with the search’s ids known', () => {
  const compiled = (dialect: 'sqlite' | 'postgres', ids: number[]) =>
    compilerOf(dialect)
      .selectFrom('disputes')
      .select('id')
      .where(searchMatches(dialect, 'disputes', 'silva', { plan: { kind: 'ids', ids } }))
      .compile();

  it('passes them to SQLite as one JSON parameter: the statement is the same for every search', () => {
    const few = compiled('sqlite', [3, 8]);
    const many = compiled(
      'sqlite',
      Array.from({ length: 2500 }, (_, index) => index * 7 + 1),
    );
    expect(few.sql).toBe(many.sql);
    expect(few.sql).toContain('"disputes"."id" in (select value from json_each(?))');
    expect(few.parameters).toEqual(['[3,8]']);
  });

  it('matches nothing without ids, and lists them on PostgreSQL', () => {
    expect(compiled('sqlite', []).sql).toContain('where 1 = 0');
    expect(compiled('postgres', [3, 8]).sql).toContain('"disputes"."id" in (3, 8)');
  });
});

describe('probePlan', () => {
  const common: SearchPlan = { kind: 'index', sampled: DENSITY_SAMPLE, share: 0.005 };

  it('probes the matches along the order index when the page is met within PAGE_PROBE_VISITS entries', () => {
    const lastRowMet = PAGE_PROBE_VISITS * 0.005;
    expect(probePlan(common, lastRowMet)).toEqual({ ...common, probe: true });
    expect(probePlan(common, lastRowMet + 1)).toBe(common);
    const dense: SearchPlan = { kind: 'scan', sampled: DENSITY_SAMPLE, share: 0.3 };
    expect(probePlan(dense, 20)).toEqual({ kind: 'index', sampled: DENSITY_SAMPLE, share: 0.3, probe: true });
  });

  it('leaves a rare term’s ids, and a plan without a share, alone', () => {
    const ids: SearchPlan = { kind: 'ids', ids: [1, 2] };
    expect(probePlan(ids, 1)).toBe(ids);
    expect(probePlan(INDEX_PLAN, 1)).toBe(INDEX_PLAN);
  });

  it('probes the own sides left on the index only (probePlans): a dense scan and a related side keep theirs', () => {
    const sides = [
      { table: 'provider_verifications' as const },
      { table: 'users' as const, alias: 'provider_verifications', idColumn: 'user_id' },
    ];
    const dense: SearchPlan = { kind: 'scan', sampled: DENSITY_SAMPLE, share: 0.3 };
    const probed = probePlans(
      sides,
      new Map([
        ['provider_verifications', common],
        ['users', common],
      ]),
      100,
    );
    expect(probed.get('provider_verifications')).toEqual({ ...common, probe: true });
    expect(probed.get('users')).toBe(common);
    const past = PAGE_PROBE_VISITS * 0.005 + 1;
    expect(
      probePlans(sides, new Map([['provider_verifications', common]]), past).get('provider_verifications'),
    ).toBe(common);
    expect(
      probePlans(sides, new Map([['provider_verifications', dense]]), 20).get('provider_verifications'),
    ).toBe(dense);
  });

  it('keeps SQLite from reading the matches by id: `+id` leaves the order index to lead', () => {
    const probed = (plan: SearchPlan) =>
      compilerOf('sqlite')
        .selectFrom('audit_entries')
        .select('id')
        .where(searchMatches('sqlite', 'audit_entries', 'silva', { plan }))
        .compile().sql;
    expect(probed({ ...common, probe: true })).toContain(
      'where +"audit_entries"."id" in (select rowid from "audit_entries_fts"',
    );
    expect(probed(common)).toContain('where "audit_entries"."id" in (select rowid from "audit_entries_fts"');
  });
});

describe('probeAlongOrder', () => {
  const common: SearchPlan = { kind: 'index', sampled: DENSITY_SAMPLE, share: 0.005 };
  const ids: SearchPlan = { kind: 'ids', ids: [3, 8] };
  const dense: SearchPlan = { kind: 'scan', sampled: DENSITY_SAMPLE, share: 0.3 };
  const plans = new Map<string, SearchPlan>([
    ['notifications', ids],
    ['users', common],
  ]) as SearchPlans;
  /** Rows listed for which page 1 (its last row the 10th) is expected within the visits allowed. */
  const listedWithin = Math.floor((CAPPED_PROBE_VISITS * (SEARCH_COUNT_CAP + 1)) / 10);

  it('probes every side found by ids or by the text index, a related one too, when the page is met early', () => {
    const probed = probeAlongOrder(plans, 10, listedWithin);
    expect(probed?.get('notifications')).toEqual({ ...ids, probe: true });
    expect(probed?.get('users')).toEqual({ ...common, probe: true });
    // Probed, the search is neither served by its indexes nor planned by its ids: the filters' indexes lead.
    expect(probed && isIndexServed(probed)).toBe(false);
    expect(
      probed &&
        isPlannedByIds(
          new Map<string, SearchPlan>([['notifications', { ...ids, probe: true }]]) as SearchPlans,
        ),
    ).toBe(false);
    expect(isIndexServed(plans)).toBe(true);
  });

  it('leaves a deeper page, a larger list, and plans with nothing to probe alone', () => {
    expect(probeAlongOrder(plans, 20, listedWithin)).toBeNull();
    expect(probeAlongOrder(plans, 10, listedWithin + 100)).toBeNull();
    const unchanged = new Map<string, SearchPlan>([
      ['notifications', dense],
      ['users', { kind: 'ids', ids: [] }],
    ]) as SearchPlans;
    expect(probeAlongOrder(unchanged, 10, 1000)).toBeNull();
    const mixed = probeAlongOrder(
      new Map<string, SearchPlan>([
        ['notifications', dense],
        ['users', common],
      ]) as SearchPlans,
      10,
      1000,
    );
    expect(mixed?.get('notifications')).toBe(dense);
    expect(mixed?.get('users')).toEqual({ ...common, probe: true });
  });

  it('writes a probed side as `+column in (…)` on SQLite, its ids as its text index’s matches', () => {
    const compiled = (plan: SearchPlan, options: { alias?: string; idColumn?: string } = {}) =>
      compilerOf('sqlite')
        .selectFrom('notifications')
        .select('id')
        .where(searchMatches('sqlite', 'users', 'silva', { ...options, plan }))
        .compile().sql;
    const related = { alias: 'notifications', idColumn: 'user_id' };
    expect(compiled({ ...common, probe: true }, related)).toContain(
      'where +"notifications"."user_id" in (select rowid from "users_fts"',
    );
    expect(compiled({ ...ids, probe: true }, related)).toContain(
      'where +"notifications"."user_id" in (select value from json_each(?))',
    );
    expect(compiled(ids, related)).toContain(
      'where "notifications"."user_id" in (select value from json_each(?))',
    );
  });
});

describe('proofPlans', () => {
  const sides: SearchSide[] = [
    { table: 'notifications' },
    { table: 'users', alias: 'notifications', idColumn: 'user_id' },
  ];
  const within: SearchPlan = { kind: 'scan', sampled: CAP_SAMPLE, share: PROOF_INDEX_SHARE / 2 };
  const ownDense: SearchPlan = { kind: 'scan', sampled: CAP_SAMPLE, share: 0.03 };
  const plansOf = (own: SearchPlan, related: SearchPlan) =>
    new Map<string, SearchPlan>([
      ['notifications', own],
      ['users', related],
    ]) as SearchPlans;

  it('reads a related side found dense, spread over less than PROOF_INDEX_SHARE, through its text index', () => {
    const proof = proofPlans('sqlite', sides, plansOf(INDEX_PLAN, within));
    expect(proof.get('users')).toEqual({ kind: 'index', sampled: CAP_SAMPLE, share: PROOF_INDEX_SHARE / 2 });
    expect(proof.get('notifications')).toBe(INDEX_PLAN);
    // Served by indexes now: a broad filter beside it stands aside (`broadFilterColumn`).
    expect(isIndexServed(proof)).toBe(true);
    // A one-character term keeps its text index query (its word starts).
    const oneLetter = proofPlans('sqlite', sides, plansOf(INDEX_PLAN, { ...within, match: '" xa"' }));
    expect(oneLetter.get('users')).toMatchObject({ kind: 'index', match: '" xa"' });
  });

  it('leaves a denser related side, the own sides, a side without a share, and PostgreSQL alone', () => {
    const denser: SearchPlan = { ...within, share: PROOF_INDEX_SHARE };
    expect(proofPlans('sqlite', sides, plansOf(INDEX_PLAN, denser)).get('users')).toBe(denser);
    expect(proofPlans('sqlite', sides, plansOf(ownDense, INDEX_PLAN)).get('notifications')).toBe(ownDense);
    const onRows: SearchPlan = { kind: 'scan' };
    expect(proofPlans('sqlite', sides, plansOf(ownDense, onRows)).get('users')).toBe(onRows);
    expect(proofPlans('postgres', sides, plansOf(INDEX_PLAN, within)).get('users')).toBe(within);
    // A table searched as the listed rows' own text too keeps its plan (the users list).
    const both: SearchSide[] = [{ table: 'users' }, { table: 'users', alias: 'users', idColumn: 'id' }];
    const usersOnly = new Map<string, SearchPlan>([['users', within]]) as SearchPlans;
    expect(proofPlans('sqlite', both, usersOnly).get('users')).toBe(within);
  });

  it('writes the related side as its text index matches, where the scan read each related row by key', () => {
    const compiled = (plans: SearchPlans) =>
      compilerOf('sqlite')
        .selectFrom('notifications')
        .select('id')
        .where(searchMatches('sqlite', 'users', 'ana', { ...sides[1], plan: plans.get('users') }))
        .compile().sql;
    const plans = plansOf(INDEX_PLAN, within);
    expect(compiled(plans)).toContain(
      'exists (select 1 from "users" s where s.id = "notifications"."user_id"',
    );
    expect(compiled(proofPlans('sqlite', sides, plans))).toContain(
      'where "notifications"."user_id" in (select rowid from "users_fts" where "users_fts" match ?)',
    );
  });
});

describe('filteredColumn', () => {
  const sqlite = compilerOf('sqlite');
  const postgres = compilerOf('postgres');
  const condition = (db: Kysely<Database>, dialect: 'sqlite' | 'postgres', plan: SearchPlan | undefined) =>
    db
      .selectFrom('disputes')
      .select('id')
      .where((eb) => eb(filteredColumn(dialect, 'disputes.status', plan), '=', 'open'))
      .compile().sql;

  it("makes SQLite leave the filter's index aside when the search's ids are known", () => {
    expect(condition(sqlite, 'sqlite', { kind: 'ids', ids: [1] })).toContain(
      'where +"disputes"."status" = ?',
    );
  });

  it('keeps the column as is otherwise, and always on PostgreSQL', () => {
    expect(condition(sqlite, 'sqlite', INDEX_PLAN)).toContain('where "disputes"."status" = ?');
    expect(condition(sqlite, 'sqlite', undefined)).toContain('where "disputes"."status" = ?');
    expect(condition(postgres, 'postgres', { kind: 'ids', ids: [1] })).toContain(
      'where "disputes"."status" = $1',
    );
  });
});

describe('windowPlan', () => {
  const rows = 300_000;

  it('probes the window’s entries among a term’s gathered matches when they cost less than reading rows', () => {
    // Notifications 'site': 9,600 matches, 35,000 in the week.
    expect(windowPlan({ kind: 'scan', share: 0.032, sampled: 1001 }, rows, 35_000)).toEqual({
      kind: 'index',
      share: 0.032,
      probe: true,
    });
    // A word start keeps its text index query.
    expect(windowPlan({ kind: 'index', share: 0.025, match: '" qa"' }, rows, 35_000)).toMatchObject({
      kind: 'index',
      probe: true,
      match: '" qa"',
    });
  });

  it('leaves a very common term to be read in the text index’s order', () => {
    // 'a': 90 % of the notifications, a week holding 35,000: WITNESSES of them among the first 9,400.
    const share = 0.9;
    const read = (WITNESSES * rows) / 35_000;
    expect(share * rows).toBeGreaterThan(GATHERED_PER_READ * read);
    expect(windowPlan({ kind: 'scan', share, match: '" a "' }, rows, 35_000)).toBeNull();
    // Provider verifications 'lda' (20 %) beside a window counted up to a tenth.
    expect(windowPlan({ kind: 'index', share: 0.2 }, 277_000, 27_700)).toBeNull();
    // A rare term beside a window holding every row: its 3,000 matches probed, as they cost less.
    expect(windowPlan({ kind: 'index', share: 0.01 }, rows, rows)).toMatchObject({ probe: true });
  });

  it('keeps a plan holding the matches’ ids, or without a share', () => {
    const ids: SearchPlan = { kind: 'ids', ids: [1, 2] };
    expect(windowPlan(ids, rows, 35_000)).toBe(ids);
    expect(windowPlan({ kind: 'index' }, rows, 35_000)).toEqual({ kind: 'index' });
  });
});
