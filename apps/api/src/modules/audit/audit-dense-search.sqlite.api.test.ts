import { AuditListQuery, SEARCH_COUNT_CAP } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provenThenWitnessed, recordingSql } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { listAuditEntries } from './audit.repository.js';
import { insertLoginEntries } from './audit.test-support.js';

/*
 * SQLite: a term found in a large share of the journal reads a page by checking the entries walked
 * along the time index (its matches gathered whole cost more: `?search=gmail`, 301,000 matches at a
 * million users); a count past the cap keeps witnesses.
 */

describe('a common term in the audit journal (sqlite)', () => {
  let ctx: TestContext;
  /** Entries, one in two holding 'gmail', the newest last. */
  const ENTRIES = 12_000;
  const start = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    ctx = await createTestContext();
    await insertLoginEntries(ctx.db, ENTRIES, (index) => ({
      created_at: new Date(start + index * 60_000).toISOString(),
      admin_id: null,
      admin_label: index % 2 === 0 ? `membre${index}@gmail.com` : `membre${index}@kwanza.test`,
      search_text: index % 2 === 0 ? `membre${index}@gmail.com` : `membre${index}@kwanza.test`,
    }));
  }, 60_000);
  afterAll(() => ctx.close());

  /** The newest entries holding 'gmail', as many as a page holds. */
  const newest = (size: number) =>
    Array.from({ length: size }, (_, index) => `membre${ENTRIES - 2 - 2 * index}@gmail.com`);

  /** The page's statements of a search of 'gmail' with `filters`, and its answer. */
  async function pageOf(filters: Record<string, string>) {
    const { db, texts } = recordingSql(ctx.db);
    const listed = await listAuditEntries(db, AuditListQuery.parse({ search: 'gmail', ...filters }));
    expect(listed.results.map((entry) => entry.admin?.label)).toEqual(newest(listed.results.length));
    expect(listed.results.length).toBeGreaterThan(1);
    expect([listed.count, listed.capped]).toEqual([SEARCH_COUNT_CAP, true]);
    // The statement choosing the page's ids (its rows are then read by those ids: left out).
    const page = texts.filter(
      (text) =>
        text.includes('order by "audit_entries"."created_at" desc') &&
        !text.includes('"audit_entries"."id" in (?'),
    );
    expect(page.length).toBeGreaterThan(0);
    return page;
  }

  it('checks the entries walked along the time index for a page without other filter', async () => {
    for (const text of await pageOf({})) {
      expect(text).toContain('"audit_entries"."search_text" like');
      expect(text).not.toContain('"audit_entries_fts" match');
    }
    // Within a period, the text index's matches: the whole journal's share tells nothing of a period's.
    for (const text of await pageOf({ date_from: '2026-01-01' })) {
      expect(text).toContain('"audit_entries_fts" match');
    }
  });

  it('keeps the witnesses of a count past the cap within a period', async () => {
    const query = AuditListQuery.parse({ search: 'gmail', date_from: '2026-01-02' });
    for (const answer of await provenThenWitnessed(ctx.db, (db) => listAuditEntries(db, query)))
      expect([answer.count, answer.capped]).toEqual([SEARCH_COUNT_CAP, true]);
  });
});
