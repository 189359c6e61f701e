import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRow } from '../test/factories.js';
import { createTestDatabase } from '../test/test-context.js';
import { CAP_SAMPLE, DENSE_SHARE, planRelatedSearch } from './search.js';

/*
 * PostgreSQL starts a sequential scan of a table larger than a quarter of its buffers where another
 * scan of it last stood (synchronized scans). The sample of a related side (`planRelatedSearch`: the
 * first 1,001 users holding the term, without order) then began near the table's end after another
 * client's scan stopped there, wrapped to its start, and its ids spanned the whole table: a dense term
 * looked rare and was planned as a subquery that reads every match (at a million users, 750 ms to
 * 1.2 s for reports `?search=ana`, once in some twenty requests). The API's sessions scan from the
 * first page (POSTGRES_SESSION_OPTIONS), whatever other clients do.
 */

/** Users' rows padded with 1.7 kB (random hex: not compressed), some four to a page. */
const PADDING_BYTES = 850;
/**
 * Ids given ten apart, every user holding the term: a sample read from the first page spans ten ids a
 * match, a share of a tenth (dense: DENSE_SHARE is 2 %); one that wraps past the table's end spans all
 * of its ids, and its 1,001 matches are under 0.5 % of them.
 */
const ID_STEP = 10;

describe('a related side’s sample under synchronized scans (postgres)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let rows = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    // Past a quarter of the server's buffers (8 kB pages), with a margin: scans of it are synchronized.
    const { rows: settings } = await sql<{ buffers: number }>`
      select setting::int as buffers from pg_settings where name = 'shared_buffers'`.execute(db);
    const pages = Math.ceil((Number(settings[0]?.buffers) / 4) * 1.3);
    rows = pages * 4;
    const first = 1_000_000;
    for (let start = 0; start < rows; start += 500) {
      const batch = [];
      for (let index = start; index < Math.min(rows, start + 500); index += 1) {
        batch.push({
          ...userRow({ username: `comunal${index}`, last_name: 'Comunal' }),
          id: first + index * ID_STEP,
          password_hash: randomBytes(PADDING_BYTES).toString('hex'),
        });
      }
      await db.insertInto('users').values(batch).execute();
    }
    await sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`.execute(db);
    await sql`analyze users`.execute(db);
    const { rows: size } = await sql<{ pages: number }>`
      select pg_relation_size('users') / current_setting('block_size')::int as pages`.execute(db);
    expect(Number(size[0]?.pages)).toBeGreaterThan(Number(settings[0]?.buffers) / 4);
  }, 120_000);

  afterAll(() => database.dispose());

  it('reads the first matches whatever another client’s scan left, and plans a dense term as dense', async () => {
    // Another client (its own settings: synchronized scans on) scans the users and stops near the end.
    const other = new pg.Client({ connectionString: database.databaseUrl });
    await other.connect();
    try {
      await other.query('select id from users offset $1 limit 1', [rows - 100]);
    } finally {
      await other.end();
    }

    const plan = await planRelatedSearch(database.handle.db, 'users', 'comunal');
    expect(plan).toMatchObject({ kind: 'scan', sampled: CAP_SAMPLE });
    expect(plan.kind === 'scan' && plan.share).toBeGreaterThan(DENSE_SHARE);
  });
});
