import { DisputeListQuery, SEARCH_COUNT_CAP } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentUrlSigner } from '../../storage/signed-url.js';
import { provenThenWitnessed } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertCrackedCeilings } from './disputes.factories.js';
import { listDisputes } from './disputes.repository.js';

/*
 * SQLite: a search past the cap under a status proves its count once, then checks the ids that proof
 * kept (db/capped-witnesses.ts) instead of walking the status's disputes again, term by term.
 */

describe('a dispute search past the cap under a status (sqlite)', () => {
  let ctx: TestContext;
  /** Open disputes holding 'plafond': the even ones, past the cap. */
  const OPEN = SEARCH_COUNT_CAP + 20;

  beforeAll(async () => {
    ctx = await createTestContext();
    await insertCrackedCeilings(ctx.db, 2 * OPEN);
  }, 60_000);
  afterAll(() => ctx.close());

  const list = (db: typeof ctx.db, query: Record<string, string>) =>
    listDisputes(db, DisputeListQuery.parse(query), { signer: documentUrlSigner(ctx.app), now: new Date() });

  it('checks the witnesses of its first proof on the next request, with the same answer', async () => {
    const query = { search: 'plafond', status: 'open' };
    const answers = await provenThenWitnessed(ctx.db, (db) => list(db, query));
    for (const answer of answers) {
      expect([answer.count, answer.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
      expect(answer.results.map((dispute) => dispute.title)).toEqual(
        Array.from({ length: 10 }, (_, index) => `Plafond fissuré ${2 * OPEN - 2 - 2 * index}`),
      );
    }
    // Open disputes resolved until the cap's worth less 5 are left: counted exactly again.
    const open = await ctx.db
      .selectFrom('disputes')
      .select('id')
      .where('status', '=', 'open')
      .orderBy('id')
      .execute();
    await ctx.db
      .updateTable('disputes')
      .set({ status: 'resolved', resolved_at: new Date().toISOString() })
      .where(
        'id',
        'in',
        open.slice(0, OPEN - (SEARCH_COUNT_CAP - 5)).map((row) => row.id),
      )
      .execute();
    const after = await list(ctx.db, query);
    expect([after.count, after.count_capped]).toEqual([SEARCH_COUNT_CAP - 5, false]);
  });
});
