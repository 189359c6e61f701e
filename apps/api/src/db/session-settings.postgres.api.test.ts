import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.js';

/*
 * PostgreSQL: every session of the API's pool starts with POSTGRES_SESSION_OPTIONS (db/database.ts):
 * JIT compilation off (a capped count estimated past `jit_above_cost` spent more time compiling than
 * running) and synchronized sequential scans off (a search's sample of a related table's first matches
 * started where the last scan stood, and wrapped past the table's end now and then: a rare-looking
 * term, a plan reading every match).
 */

describe('the API’s PostgreSQL sessions', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(() => ctx.close());

  it('run without JIT compilation nor synchronized scans, on every connection of the pool', async () => {
    const settingsOf = () =>
      ctx.db.transaction().execute(async (trx) => {
        const jit = await sql<{ jit: string }>`show jit`.execute(trx);
        const scans = await sql<{ synchronize_seqscans: string }>`show synchronize_seqscans`.execute(trx);
        // Held until the others have asked, so that each asks on its own connection.
        await sql`select pg_sleep(0.05)`.execute(trx);
        return [jit.rows[0]?.jit, scans.rows[0]?.synchronize_seqscans];
      });
    const answers = await Promise.all([settingsOf(), settingsOf(), settingsOf()]);
    expect(answers).toEqual([
      ['off', 'off'],
      ['off', 'off'],
      ['off', 'off'],
    ]);
    const defaults = await sql<{ name: string; boot_val: string }>`
      select name, boot_val from pg_settings where name in ('jit', 'synchronize_seqscans') order by name`.execute(
      ctx.db,
    );
    // The server's own defaults are on: the settings come from the pool.
    expect(defaults.rows).toEqual([
      { name: 'jit', boot_val: 'on' },
      { name: 'synchronize_seqscans', boot_val: 'on' },
    ]);
  });
});
