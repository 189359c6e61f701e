import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-errors.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { CONCURRENT_UPDATE_DETAIL, runInTransaction } from './transaction.js';

/** Resolves once `parties` callers wait on it, or after `timeoutMs` (SQLite runs transactions one at a time). */
function barrier(parties: number, timeoutMs: number): () => Promise<void> {
  let arrived = 0;
  let release: () => void = () => undefined;
  const all = new Promise<void>((resolve) => {
    release = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived >= parties) release();
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  };
}

describe('runInTransaction', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('runs again a transaction that two others deadlocked, and both complete', async () => {
    const first = await insertUser(ctx.db, { role: 'client', first_name: 'A' });
    const second = await insertUser(ctx.db, { role: 'client', first_name: 'B' });
    let attempts = 0;
    let firstAttempt = true;
    const meet = barrier(2, 300);
    const lockInOrder = (ids: [number, number], name: string) =>
      runInTransaction(ctx.db, async (trx) => {
        attempts += 1;
        await trx.updateTable('users').set({ last_name: name }).where('id', '=', ids[0]).execute();
        // Only the first round waits for the other: then each holds the row the other wants next.
        if (firstAttempt) await meet();
        await trx.updateTable('users').set({ last_name: name }).where('id', '=', ids[1]).execute();
        return name;
      });
    const results = await Promise.all([
      lockInOrder([first, second], 'premier').finally(() => {
        firstAttempt = false;
      }),
      lockInOrder([second, first], 'second').finally(() => {
        firstAttempt = false;
      }),
    ]);
    expect(results).toEqual(['premier', 'second']);
    // PostgreSQL detects the deadlock and rolls one back, which runs again; SQLite runs them one
    // after the other (each holds the write lock from its start), so none is retried.
    expect(attempts).toBe(ctx.dialect === 'postgres' ? 3 : 2);
    const names = await ctx.db
      .selectFrom('users')
      .select('last_name')
      .where('id', 'in', [first, second])
      .execute();
    expect(new Set(names.map((row) => row.last_name)).size).toBe(1);
  });

  it('answers a French 409 after a bounded number of retries, with nothing written', async () => {
    const userId = await insertUser(ctx.db, { role: 'client', last_name: 'Avant' });
    let attempts = 0;
    const error = await runInTransaction(
      ctx.db,
      async (trx) => {
        attempts += 1;
        await trx.updateTable('users').set({ last_name: 'Après' }).where('id', '=', userId).execute();
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      },
      { retries: 2 },
    ).catch((caught: unknown) => caught);
    expect(attempts).toBe(3);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      statusCode: 409,
      code: 'concurrent_update',
      detail: CONCURRENT_UPDATE_DETAIL,
    });
    const row = await ctx.db
      .selectFrom('users')
      .select('last_name')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.last_name).toBe('Avant');
  });

  it('does not retry other errors, nor a busy SQLite database', async () => {
    for (const code of ['23505', '22003', 'SQLITE_BUSY', '57014']) {
      let attempts = 0;
      const error = await runInTransaction(ctx.db, async () => {
        attempts += 1;
        throw Object.assign(new Error('refused'), { code });
      }).catch((caught: unknown) => caught);
      expect(attempts, code).toBe(1);
      expect(error).toMatchObject({ code });
    }
  });

  it('runs the work in the caller’s transaction when given one', async () => {
    const result = await ctx.db
      .transaction()
      .execute((trx) => runInTransaction(trx, async (inner) => inner === trx));
    expect(result).toBe(true);
  });
});
