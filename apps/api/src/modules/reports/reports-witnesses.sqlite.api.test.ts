import { ReportListQuery, SEARCH_COUNT_CAP } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { provenThenWitnessed } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertReport } from './reports.factories.js';
import { listReports } from './reports.repository.js';

/*
 * SQLite: a reports search past the cap beside a filter proves its count once, then checks the ids
 * that proof kept (db/capped-witnesses.ts) instead of visiting the reports again.
 */
describe('a reports search past the cap beside a status (sqlite)', () => {
  let ctx: TestContext;
  /** Pending reports holding 'kinaxixi', past the cap; as many dismissed ones. */
  const PENDING = SEARCH_COUNT_CAP + 20;

  beforeAll(async () => {
    ctx = await createTestContext();
    const reporter = await insertUser(ctx.db, { first_name: 'Outro', last_name: 'Membro' });
    for (let index = 0; index < 2 * PENDING; index += 1) {
      await insertReport(ctx.db, {
        reporter_id: reporter,
        reason: `Kinaxixi ${index}`,
        status: index % 2 === 0 ? 'pending' : 'dismissed',
        created_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      });
    }
  }, 60_000);
  afterAll(() => ctx.close());

  it('checks the witnesses of its first proof on the next request, until too few still match', async () => {
    const list = (db = ctx.db) =>
      listReports(db, ReportListQuery.parse({ search: 'kinaxixi', status: 'pending' }));
    for (const answer of await provenThenWitnessed(ctx.db, list)) {
      expect([answer.count, answer.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
      expect(answer.results[0]?.reason).toBe(`Kinaxixi ${2 * PENDING - 2}`);
    }
    // Pending reports dismissed until the cap's worth less 5 are left: counted exactly again.
    const pending = await ctx.db.selectFrom('reports').select('id').where('status', '=', 'pending').execute();
    await ctx.db
      .updateTable('reports')
      .set({ status: 'dismissed' })
      .where(
        'id',
        'in',
        pending.slice(0, PENDING - (SEARCH_COUNT_CAP - 5)).map((row) => row.id),
      )
      .execute();
    const after = await list();
    expect([after.count, after.count_capped]).toEqual([SEARCH_COUNT_CAP - 5, false]);
  });
});
