import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMembers } from '../test/factories.js';
import { raiseTableVersions, recordingStatementKinds } from '../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { sqliteWitnessCheck, WITNESS_MARGIN, WITNESSES } from './capped-witnesses.js';
import { countUpToCap } from './paginate.js';
import type { Database } from './schema.js';
import { inTextIndexOrder, ROW_PLAN, searchMatches } from './search.js';

/*
 * SQLite: a search beside another filter, past the cap, keeps the ids its proof read through the
 * text index (the witnesses); the next request tests each of them on its row (the filter, the term by
 * LIKE) instead of reading the index's matches again, once a write has raised the tables' versions
 * (nothing written, the answer is kept: db/unchanged-tables). Whatever was written meanwhile, the
 * answer is the one a full proof would give.
 */

describe('filtered searches past the cap proven by their kept witnesses (sqlite)', () => {
  let ctx: TestContext;
  /** Clients named Kilamba: more than the witnesses a proof keeps. */
  const KILAMBAS = WITNESSES + 150;

  beforeAll(async () => {
    ctx = await createTestContext();
    // The last 40 are providers: the filter leaves them out.
    await insertMembers(ctx.db, KILAMBAS + 40, (index) => ({
      last_name: 'Kilamba',
      role: index < KILAMBAS ? 'client' : 'provider',
    }));
  }, 60_000);

  afterAll(() => ctx.close());

  /** Clients holding `term`, read in the text index's order (as the lists read a common term). */
  const matches = (db: Kysely<Database>, term: string) =>
    inTextIndexOrder(
      db
        .selectFrom('users')
        .where('users.role', '=', 'client')
        .where('users.deleted_at', 'is', null)
        .select('users.id'),
      { table: 'users', term },
    );
  /** The same clients, the term checked on each row. */
  const checked = (db: Kysely<Database>, term: string) => () =>
    db
      .selectFrom('users')
      .where('users.role', '=', 'client')
      .where('users.deleted_at', 'is', null)
      .where(searchMatches('sqlite', 'users', term, { plan: ROW_PLAN }))
      .select('users.id');
  const count = (db: Kysely<Database>, term: string) =>
    countUpToCap(db, matches(db, term), { searching: true, checked: checked(db, term) });
  /** The ids the last proof of 'kilamba' kept: the first clients holding it, in id order. */
  const keptWitnesses = async (): Promise<number[]> => {
    const rows = await matches(ctx.db, 'kilamba').limit(WITNESSES).execute();
    return rows.map((row) => row.id);
  };

  it('proves a count past the cap once, then checks its witnesses alone while enough of them match', async () => {
    const { db, kinds } = recordingStatementKinds(ctx.db);
    expect(await count(db, 'kilamba')).toEqual({ count: SEARCH_COUNT_CAP, capped: true });
    // The proof: one select of the matches' ids.
    expect(kinds).toEqual(['SelectQueryNode']);
    kinds.length = 0;
    expect(await count(db, 'kilamba')).toEqual({ count: SEARCH_COUNT_CAP, capped: true });
    // Nothing written since: the answer kept while the tables are unchanged (db/unchanged-tables).
    expect(kinds).toEqual([]);
    await raiseTableVersions(ctx.db);
    kinds.length = 0;
    expect(await count(db, 'kilamba')).toEqual({ count: SEARCH_COUNT_CAP, capped: true });
    // The check of its witnesses, one statement, no proof.
    expect(kinds).toEqual(['RawNode']);

    // The margin's worth of witnesses leave the set, by the filter and by the term: the rest still
    // show more than the cap.
    const witnesses = await keptWitnesses();
    expect(witnesses).toHaveLength(WITNESSES);
    await ctx.db
      .updateTable('users')
      .set({ role: 'provider' })
      .where('id', 'in', witnesses.slice(0, WITNESS_MARGIN / 2))
      .execute();
    await ctx.db
      .updateTable('users')
      .set({ last_name: 'Cazenga', search_text: ' membre cazenga' })
      .where('id', 'in', witnesses.slice(WITNESS_MARGIN / 2, WITNESS_MARGIN))
      .execute();
    kinds.length = 0;
    expect(await count(db, 'kilamba')).toEqual({ count: SEARCH_COUNT_CAP, capped: true });
    expect(kinds).toEqual(['RawNode']);

    // One more: the check fails, and the proof reads the matches again (still past the cap).
    await ctx.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', witnesses[WITNESS_MARGIN] ?? 0)
      .execute();
    kinds.length = 0;
    expect(await count(db, 'kilamba')).toEqual({ count: SEARCH_COUNT_CAP, capped: true });
    expect(kinds).toEqual(['RawNode', 'SelectQueryNode']);
    // Its new witnesses serve the next request after a write.
    await raiseTableVersions(ctx.db);
    kinds.length = 0;
    expect(await count(db, 'kilamba')).toEqual({ count: SEARCH_COUNT_CAP, capped: true });
    expect(kinds).toEqual(['RawNode']);
  });

  it('answers exactly once the set falls under the cap, and keeps no witnesses for it', async () => {
    const { db, kinds } = recordingStatementKinds(ctx.db);
    expect(await count(db, 'kilamba')).toEqual({ count: SEARCH_COUNT_CAP, capped: true });
    const live = await matches(ctx.db, 'kilamba').execute();
    // Clients leave the set (become providers) until the cap's worth less 5 is left.
    const leaving = live.length - (SEARCH_COUNT_CAP - 5);
    await ctx.db
      .updateTable('users')
      .set({ role: 'provider' })
      .where(
        'id',
        'in',
        live.slice(0, leaving).map((row) => row.id),
      )
      .execute();
    kinds.length = 0;
    expect(await count(db, 'kilamba')).toEqual({ count: SEARCH_COUNT_CAP - 5, capped: false });
    expect(kinds).toEqual(['RawNode', 'SelectQueryNode']);
    // Under the cap, the set is read whole after each write (and kept while nothing is written).
    kinds.length = 0;
    expect(await count(db, 'kilamba')).toEqual({ count: SEARCH_COUNT_CAP - 5, capped: false });
    expect(kinds).toEqual([]);
    await raiseTableVersions(ctx.db);
    kinds.length = 0;
    expect(await count(db, 'kilamba')).toEqual({ count: SEARCH_COUNT_CAP - 5, capped: false });
    expect(kinds).toEqual(['SelectQueryNode']);
  });

  it('tests each witness on its row, looked up by its primary key', async () => {
    const compiled = sqliteWitnessCheck(checked(ctx.db, 'kilamba')(), '[1, 2, 3]').compile(ctx.db);
    const plan = await ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    const steps = plan.rows.map((row) => row.detail);
    expect(steps).toContain('SEARCH users USING INTEGER PRIMARY KEY (rowid=?)');
    expect(steps.filter((step) => step.startsWith('SCAN users'))).toEqual([]);
  });
});
