import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDispute } from '../modules/disputes/disputes.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { countEach, countWhere, toCount } from './aggregates.js';

const STATUSES = ['open', 'under_review', 'resolved', 'closed'] as const;

describe('portable counting helpers', () => {
  let ctx: TestContext;
  let client: number;
  let otherClient: number;
  let provider: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    client = await insertUser(ctx.db);
    otherClient = await insertUser(ctx.db);
    provider = await insertUser(ctx.db, { role: 'provider' });
    for (const status of ['open', 'open', 'resolved', 'closed'] as const) {
      await insertDispute(ctx.db, { client_id: client, provider_id: provider, status });
    }
    await insertDispute(ctx.db, { client_id: otherClient, provider_id: provider, status: 'under_review' });
  });
  afterAll(async () => ctx.close());

  it('countEach answers every enum value of a filtered query, zeros included', async () => {
    const query = ctx.db.selectFrom('disputes').selectAll().where('client_id', '=', client).orderBy('id');
    expect(await countEach(query, sql.ref<string>('status'), STATUSES)).toEqual({
      open: 2,
      under_review: 0,
      resolved: 1,
      closed: 1,
    });
    const none = ctx.db.selectFrom('disputes').select('id').where('client_id', '=', 999_999);
    expect(await countEach(none, sql.ref<string>('status'), STATUSES)).toEqual({
      open: 0,
      under_review: 0,
      resolved: 0,
      closed: 0,
    });
  });

  it('countWhere counts matching rows in one pass, and toCount reads every driver type', async () => {
    const row = await ctx.db
      .selectFrom('disputes')
      .where('provider_id', '=', provider)
      .select((eb) => [
        countWhere(eb, eb('status', '=', 'open')).as('open'),
        countWhere(eb, eb('client_id', '=', otherClient)).as('other'),
      ])
      .executeTakeFirstOrThrow();
    expect(toCount(row.open)).toBe(2);
    expect(toCount(row.other)).toBe(1);
    expect([toCount(null), toCount('12'), toCount(3n), toCount(undefined)]).toEqual([0, 12, 3, 0]);
  });
});
