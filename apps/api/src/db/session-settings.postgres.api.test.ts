import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.js';

/*
 * PostgreSQL: every session of the API's pool starts with POSTGRES_SESSION_OPTIONS (db/database.ts),
 * JIT compilation off: a capped count estimated past `jit_above_cost` spent more time compiling than
 * running.
 */

describe('the API’s PostgreSQL sessions', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(() => ctx.close());

  it('run without JIT compilation, on every connection of the pool', async () => {
    const jitOf = () =>
      ctx.db.transaction().execute(async (trx) => {
        const shown = await sql<{ jit: string }>`show jit`.execute(trx);
        // Held until the others have asked, so that each asks on its own connection.
        await sql`select pg_sleep(0.05)`.execute(trx);
        return shown.rows[0]?.jit;
      });
    const answers = await Promise.all([jitOf(), jitOf(), jitOf()]);
    expect(answers).toEqual(['off', 'off', 'off']);
    const defaults = await sql<{ boot_val: string }>`
      select boot_val from pg_settings where name = 'jit'`.execute(ctx.db);
    // The server's own default is on: the setting comes from the pool.
    expect(defaults.rows[0]?.boot_val).toBe('on');
  });
});
