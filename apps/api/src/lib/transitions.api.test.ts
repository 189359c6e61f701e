import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInTransaction } from '../db/transaction.js';
import { insertDispute } from '../modules/disputes/disputes.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { HttpError } from './http-errors.js';
import { applyTransition, tryTransition } from './transitions.js';

const DETAILS = { notFound: 'Litige introuvable', refused: 'Ce litige est déjà clos' };

describe('state transitions as conditional updates', () => {
  let ctx: TestContext;
  let client: number;
  let provider: number;

  const statusOf = async (id: number) =>
    (await ctx.db.selectFrom('disputes').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  beforeAll(async () => {
    ctx = await createTestContext();
    client = await insertUser(ctx.db);
    provider = await insertUser(ctx.db, { role: 'provider' });
  });
  afterAll(async () => ctx.close());

  it('changes the row only from an allowed state', async () => {
    const id = await insertDispute(ctx.db, { client_id: client, provider_id: provider, status: 'open' });
    expect(
      await tryTransition(ctx.db, {
        table: 'disputes',
        id,
        from: ['closed'],
        set: { status: 'under_review' },
      }),
    ).toBe(false);
    expect(await statusOf(id)).toBe('open');
    expect(
      await tryTransition(ctx.db, { table: 'disputes', id, from: ['open'], set: { status: 'under_review' } }),
    ).toBe(true);
    expect(await statusOf(id)).toBe('under_review');
    // Without `from`, any state may move.
    expect(await tryTransition(ctx.db, { table: 'disputes', id, set: { status: 'closed' } })).toBe(true);
    expect(await statusOf(id)).toBe('closed');
  });

  it('answers 404 for a missing row and 409 for a refused state, with the French details', async () => {
    const id = await insertDispute(ctx.db, { client_id: client, provider_id: provider, status: 'closed' });
    const refused = applyTransition(
      ctx.db,
      { table: 'disputes', id, from: ['open'], set: { status: 'resolved' } },
      DETAILS,
    );
    await expect(refused).rejects.toMatchObject({ statusCode: 409, detail: 'Ce litige est déjà clos' });
    const missing = applyTransition(
      ctx.db,
      { table: 'disputes', id: 999_999, from: ['open'], set: { status: 'resolved' } },
      DETAILS,
    );
    await expect(missing).rejects.toMatchObject({ statusCode: 404, detail: 'Litige introuvable' });
    expect(await statusOf(id)).toBe('closed');
  });

  it('lets exactly one of many concurrent transitions from the same state win', async () => {
    const id = await insertDispute(ctx.db, { client_id: client, provider_id: provider, status: 'open' });
    const targets = ['under_review', 'resolved', 'closed', 'under_review', 'resolved', 'closed'] as const;
    const outcomes = await Promise.allSettled(
      targets.map((status) =>
        runInTransaction(ctx.db, (trx) =>
          applyTransition(trx, { table: 'disputes', id, from: ['open'], set: { status } }, DETAILS),
        ),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toBeInstanceOf(HttpError);
        expect((outcome.reason as HttpError).statusCode).toBe(409);
      }
    }
    expect(await statusOf(id)).not.toBe('open');
  });
});
