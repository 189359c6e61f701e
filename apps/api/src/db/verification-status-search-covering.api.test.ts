import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectIndexes } from '../test/index-columns.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { down, up } from './migrations/2026-11-29-0044-verification-status-search-covering.js';
import type { Database } from './schema.js';

/*
 * Migration 0044: on SQLite both verification lists' status order indexes carry the search text, so a
 * page of a common term under a status (checked by LIKE on each entry walked) is read from the index
 * alone. PostgreSQL keeps its indexes (its trigram index serves the LIKE).
 */

const TABLES = ['provider_verifications', 'client_verifications'] as const;
const ORDER = ['verification_status', 'submitted_at', 'id', 'user_deleted_at'];

function indexesWith(columns: readonly string[]): Record<string, readonly string[]> {
  return Object.fromEntries(TABLES.map((table) => [`${table}_live_status_order_idx`, columns]));
}

/** SQLite's plan of a page of a term under a status, as the lists select its ids (a 'scan' plan). */
async function statusSearchPagePlan(db: Kysely<Database>, table: string): Promise<string> {
  const { rows } = await sql<{ detail: string }>`explain query plan
    select id from ${sql.table(table)}
    where user_deleted_at is null and verification_status = 'pending' and search_text like '%silva%'
    order by submitted_at desc, id desc limit 20`.execute(db);
  return rows.map((row) => row.detail).join('\n');
}

describe(`migration 0044: the status order indexes hold the search text (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(() => ctx.close());

  it('widens both indexes on SQLite, leaves PostgreSQL’s, and is undone', async () => {
    const sqlite = ctx.dialect === 'sqlite';
    await expectIndexes(ctx.db, indexesWith(sqlite ? [...ORDER, 'search_text'] : ORDER), {});
    if (sqlite) {
      for (const table of TABLES) {
        expect(await statusSearchPagePlan(ctx.db, table)).toContain(
          `USING COVERING INDEX ${table}_live_status_order_idx`,
        );
      }
    }
    await down(ctx.db);
    await expectIndexes(ctx.db, indexesWith(ORDER), {});
    if (sqlite) {
      for (const table of TABLES) {
        const plan = await statusSearchPagePlan(ctx.db, table);
        expect(plan).toContain(`USING INDEX ${table}_live_status_order_idx`);
        expect(plan).not.toContain('COVERING');
      }
    }
    await up(ctx.db);
    await expectIndexes(ctx.db, indexesWith(sqlite ? [...ORDER, 'search_text'] : ORDER), {});
  });
});
