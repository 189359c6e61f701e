import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredAuditEntries } from '../lib/audit-retention.js';
import { insertLoginEntries } from '../modules/audit/audit.test-support.js';
import { insertCrackedCeilings } from '../modules/disputes/disputes.factories.js';
import { insertMembers } from '../test/factories.js';
import { recordingStatementKinds as recording } from '../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { groupsUpToCap, WITNESS_MARGIN, WITNESSES } from './capped-witnesses.js';
import { countUpToCap } from './paginate.js';
import type { Database } from './schema.js';
import { searchMatches } from './search.js';

/*
 * PostgreSQL: a search past the cap keeps the ids its proof read (the witnesses) and the next request
 * checks them instead of proving it again; whatever was written meanwhile, the answer is the one a
 * full proof would give.
 */

interface UsersAnswer {
  count: number;
  count_capped?: boolean;
  stats: { pending: number } | null;
}

/** A search's count: past the cap, its proof keeps witnesses. */
const SEARCHING = { searching: true };

describe('searches past the cap proven by their kept witnesses (postgres)', () => {
  let ctx: TestContext;
  /** More Kilambas than the witnesses a proof keeps. */
  const KILAMBAS = WITNESSES + 150;
  let kilambas: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    await insertMembers(ctx.db, KILAMBAS + 40, (index) => ({
      last_name: index < KILAMBAS ? 'Kilamba' : 'Cazenga',
    }));
    const found = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('last_name', '=', 'Kilamba')
      .orderBy('id')
      .execute();
    kilambas = found.map((row) => row.id);
  }, 60_000);

  afterAll(() => ctx.close());

  const liveMatches = (db: Kysely<Database>, term: string) =>
    db
      .selectFrom('users')
      .where('users.deleted_at', 'is', null)
      .where(searchMatches('postgres', 'users', term))
      .select('users.id');

  /** The ids of the witnesses the last proof of 'kilamba' kept: the first it read, in its order. */
  const keptWitnesses = async (db: Kysely<Database>): Promise<number[]> => {
    const rows = await liveMatches(db, 'kilamba').limit(WITNESSES).execute();
    return rows.map((row) => row.id);
  };

  const searchUsers = async (term: string): Promise<UsersAnswer> => {
    const response = await ctx.request('GET', `/api/users/?search=${term}`);
    expect(response.statusCode).toBe(200);
    return response.json<UsersAnswer>();
  };

  it('proves a count past the cap once, then checks its witnesses alone while enough of them match', async () => {
    expect(kilambas).toHaveLength(KILAMBAS);
    const { db, kinds } = recording(ctx.db);
    expect(await countUpToCap(db, liveMatches(db, 'kilamba'), SEARCHING)).toEqual({
      count: SEARCH_COUNT_CAP,
      capped: true,
    });
    // The proof: one select of the matches' ids.
    expect(kinds).toEqual(['SelectQueryNode']);
    kinds.length = 0;
    expect(await countUpToCap(db, liveMatches(db, 'kilamba'), SEARCHING)).toEqual({
      count: SEARCH_COUNT_CAP,
      capped: true,
    });
    // The check of its witnesses, one statement, no proof.
    expect(kinds).toEqual(['RawNode']);

    // The margin's worth of witnesses leave the set: the rest still show more than the cap.
    const witnesses = await keptWitnesses(ctx.db);
    expect(witnesses).toHaveLength(WITNESSES);
    await ctx.db
      .updateTable('users')
      .set({ search_text: ' membre renomme' })
      .where('id', 'in', witnesses.slice(0, WITNESS_MARGIN))
      .execute();
    kinds.length = 0;
    expect(await countUpToCap(db, liveMatches(db, 'kilamba'), SEARCHING)).toEqual({
      count: SEARCH_COUNT_CAP,
      capped: true,
    });
    expect(kinds).toEqual(['RawNode']);

    // One more: the check fails, and the proof reads the matches again (still past the cap).
    await ctx.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', witnesses[WITNESS_MARGIN] ?? 0)
      .execute();
    kinds.length = 0;
    expect(await countUpToCap(db, liveMatches(db, 'kilamba'), SEARCHING)).toEqual({
      count: SEARCH_COUNT_CAP,
      capped: true,
    });
    expect(kinds).toEqual(['RawNode', 'SelectQueryNode']);
    // Its new witnesses serve the next request.
    kinds.length = 0;
    expect(await countUpToCap(db, liveMatches(db, 'kilamba'), SEARCHING)).toEqual({
      count: SEARCH_COUNT_CAP,
      capped: true,
    });
    expect(kinds).toEqual(['RawNode']);
  });

  it("checks the audit journal's witnesses by their ids alone, and proves again once the purge takes some", async () => {
    const DAY = 24 * 3600 * 1000;
    const OLD = 200;
    await insertLoginEntries(ctx.db, WITNESSES + 50, (index) => ({
      // The first ones older than a year: the retention purge below takes them.
      created_at: new Date(Date.now() - (index < OLD ? 400 : 10) * DAY + index * 1000).toISOString(),
      admin_id: null,
      admin_label: 'journal@kwanza.test',
      search_text: ' connexion zambeze',
    }));
    const journal = (db: Kysely<Database>) =>
      db
        .selectFrom('audit_entries')
        .where(searchMatches('postgres', 'audit_entries', 'zambeze'))
        .select('audit_entries.id');
    const APPEND_ONLY = { searching: true, appendOnly: 'audit_entries' } as const;
    const { db: recorded, kinds } = recording(ctx.db);
    // The raw statements' texts (the witnesses' checks), on the same handle (witnesses are kept per handle).
    const checks: string[] = [];
    const db = recorded.withPlugin({
      transformQuery(args) {
        if (args.node.kind === 'RawNode') checks.push(args.node.sqlFragments.join('?'));
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    expect(await countUpToCap(db, journal(db), APPEND_ONLY)).toEqual({
      count: SEARCH_COUNT_CAP,
      capped: true,
    });
    expect(kinds).toEqual(['SelectQueryNode']);
    kinds.length = 0;
    expect(await countUpToCap(db, journal(db), APPEND_ONLY)).toEqual({
      count: SEARCH_COUNT_CAP,
      capped: true,
    });
    expect(kinds).toEqual(['RawNode']);
    // The check: on the primary key alone, no text compared.
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) {
      expect(check).toContain('where id = any(');
      expect(check).not.toContain('like');
    }

    // The purge takes the oldest 200: fewer than the cap are left, the check fails and the proof counts them.
    expect(await purgeExpiredAuditEntries(ctx.db, 365)).toBe(OLD);
    kinds.length = 0;
    expect(await countUpToCap(db, journal(db), APPEND_ONLY)).toEqual({
      count: WITNESSES + 50 - OLD,
      capped: false,
    });
    expect(kinds).toEqual(['RawNode', 'SelectQueryNode']);
  });

  it('keeps no witnesses for a set under the cap: it is read whole each time', async () => {
    const { db, kinds } = recording(ctx.db);
    for (let round = 0; round < 2; round += 1) {
      kinds.length = 0;
      expect(await countUpToCap(db, liveMatches(db, 'cazenga'), SEARCHING)).toEqual({
        count: 40,
        capped: false,
      });
      expect(kinds).toEqual(['SelectQueryNode']);
    }
  });

  it('keeps none for a count an index serves: reading its entries costs less than the check', async () => {
    const { db, kinds } = recording(ctx.db);
    const live = () => db.selectFrom('users').where('users.deleted_at', 'is', null).select('users.id');
    for (let round = 0; round < 2; round += 1) {
      kinds.length = 0;
      expect(await countUpToCap(db, live())).toEqual({ count: SEARCH_COUNT_CAP, capped: true });
      // A count, each time: no check of witnesses.
      expect(kinds).toEqual(['SelectQueryNode']);
    }
  });

  it('answers at once what a write changed: the list falls under the cap, then passes it again', async () => {
    const live = async () =>
      Number(
        (
          await liveMatches(ctx.db, 'kilamba')
            .clearSelect()
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await live()).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(await searchUsers('kilamba')).toMatchObject({
      count: SEARCH_COUNT_CAP,
      count_capped: true,
      stats: null,
    });
    expect(await searchUsers('kilamba')).toMatchObject({ count: SEARCH_COUNT_CAP, count_capped: true });

    // Deleted users leave the list until exactly the cap is left: the count is exact again.
    const leaving = (await live()) - SEARCH_COUNT_CAP;
    const witnesses = await keptWitnesses(ctx.db);
    await ctx.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', 'in', witnesses.slice(0, leaving))
      .execute();
    const under = await searchUsers('kilamba');
    expect(under.count).toBe(SEARCH_COUNT_CAP);
    expect(under.count_capped).toBeUndefined();
    expect(under.stats).not.toBeNull();

    // One more match (a user renamed into the set): past the cap again, at once.
    await ctx.db
      .updateTable('users')
      .set({ search_text: ' membre kilamba' })
      .where('last_name', '=', 'Cazenga')
      .where('username', '=', `membre${KILAMBAS}`)
      .execute();
    expect(await searchUsers('kilamba')).toMatchObject({
      count: SEARCH_COUNT_CAP,
      count_capped: true,
      stats: null,
    });
  });

  it("counts a dispute search's statuses over its witnesses, as they are now", async () => {
    await insertCrackedCeilings(ctx.db, WITNESSES + 20);
    const { db, kinds } = recording(ctx.db);
    const plafond = () =>
      db
        .selectFrom('disputes')
        .where(searchMatches('postgres', 'disputes', 'plafond'))
        .select(['disputes.id', 'disputes.status']);
    const proven = await groupsUpToCap(db, plafond());
    expect(kinds).toEqual(['SelectQueryNode']);
    expect(proven.capped).toBe(true);
    const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);
    expect(total(proven.counts)).toBe(SEARCH_COUNT_CAP + 1);

    // Ten of the counted open disputes are closed meanwhile: the witnesses' check counts them so.
    const counted = await plafond()
      .limit(SEARCH_COUNT_CAP + 1)
      .execute();
    const closing = counted
      .filter((row) => row.status === 'open')
      .slice(0, 10)
      .map((row) => row.id);
    await ctx.db.updateTable('disputes').set({ status: 'closed' }).where('id', 'in', closing).execute();
    kinds.length = 0;
    const checked = await groupsUpToCap(db, plafond());
    expect(kinds).toEqual(['RawNode']);
    expect(checked.capped).toBe(true);
    expect(Object.fromEntries(checked.counts)).toEqual({
      open: (proven.counts.get('open') ?? 0) - 10,
      resolved: proven.counts.get('resolved'),
      closed: 10,
    });

    // Through the API (its own witnesses): proven, then checked, the same counts.
    const answers = [];
    for (let round = 0; round < 2; round += 1) {
      const response = await ctx.request('GET', '/api/disputes/?search=plafond');
      const body = response.json<{
        count: number;
        count_capped: boolean;
        status_counts: Record<string, number>;
      }>();
      expect(body).toMatchObject({ count: SEARCH_COUNT_CAP, count_capped: true });
      expect(Object.values(body.status_counts).reduce((sum, n) => sum + n, 0)).toBe(SEARCH_COUNT_CAP + 1);
      answers.push(body.status_counts);
    }
    expect(answers[1]).toEqual(answers[0]);
  });
});
