import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuditEntry } from '../modules/audit/audit.test-support.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import * as auditSearchPendingList from './migrations/2026-11-27-0033-audit-search-pending-list.js';

/*
 * PostgreSQL: the audit journal's trigram index flushes its pending list at 256 kB (migration
 * 0033), so that the insert that flushes it waits a few milliseconds, not tens. The list's size is
 * read with pgstattuple's `pgstatginindex`.
 */

const INDEX = 'audit_entries_search_trgm_idx';
/** 256 kB of 8 kB pages. */
const LIMIT_PAGES = 256 / 8;

describe("the audit journal's text index pending list (postgres)", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await sql`create extension if not exists pgstattuple`.execute(ctx.db);
  });

  afterAll(() => ctx.close());

  const pendingPages = async (): Promise<number> => {
    const { rows } = await sql<{ pending_pages: number }>`
      select pending_pages from pgstatginindex(${INDEX}::regclass)`.execute(ctx.db);
    return Number(rows[0]?.pending_pages);
  };

  /** Writes `count` entries one statement each; returns the largest pending list seen. */
  const writeEntries = async (count: number): Promise<number> => {
    let largest = 0;
    for (let index = 0; index < count; index += 1) {
      await insertAuditEntry(ctx.db, {
        action: 'conversation.read',
        admin: { id: null, label: `Administratrice Nzinga Mbande ${index}` },
        object: { type: 'conversation', id: index, label: `Conversation ${index} Kilamba Kiaxi` },
      });
      if (index % 25 === 0) largest = Math.max(largest, await pendingPages());
    }
    return largest;
  };

  it('flushes the list at 256 kB, where the server default lets it grow to 4 MB', async () => {
    const { rows } = await sql<{ options: string[] | null }>`
      select reloptions as options from pg_class where relname = ${INDEX}`.execute(ctx.db);
    expect(rows[0]?.options).toEqual(['gin_pending_list_limit=256']);
    expect(await writeEntries(800)).toBeLessThanOrEqual(LIMIT_PAGES);

    // Without the migration the same writes pile up past that size.
    await auditSearchPendingList.down(ctx.db);
    try {
      await sql`select gin_clean_pending_list(${INDEX}::regclass)`.execute(ctx.db);
      expect(await writeEntries(800)).toBeGreaterThan(LIMIT_PAGES);
    } finally {
      await auditSearchPendingList.up(ctx.db);
    }
  });
});
