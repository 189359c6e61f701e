import { AuditListQuery } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_PAGE_OFFSET, setDeepPageOffsetForTests } from '../db/deep-pages.js';
import type { Database } from '../db/schema.js';
import { listAuditEntries } from '../modules/audit/audit.repository.js';
import { insertAuditEntry } from '../modules/audit/audit.test-support.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { lastSettledHour, recordAuditHours } from './audit-hours.js';
import { purgeExpiredAuditEntries } from './audit-retention.js';

/*
 * The journal's days (lib/audit-hours.ts): counted once over, empty days included, kept exact by the
 * retention purge, never counted twice when several processes count at once; a deep page of the
 * journal starting from them holds the entries the plain offset holds.
 */

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const ENTRIES = 420;
const SPAN_DAYS = 75;
const DEEP_FROM = 20;
const PAGE_SIZE = 9;

/** The journal's entries per UTC hour ('YYYY-MM-DDTHH'), counted from its rows. */
async function entriesPerHour(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('audit_entries').select('created_at').execute();
  const hours = new Map<string, number>();
  for (const row of rows) {
    const hour = new Date(Date.parse(row.created_at)).toISOString().slice(0, 13);
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
  }
  return hours;
}

async function countedHours(db: Kysely<Database>): Promise<Array<[string, number]>> {
  const rows = await db.selectFrom('audit_entry_hours').select(['hour', 'entries']).orderBy('hour').execute();
  return rows.map((row) => [row.hour, Number(row.entries)]);
}

/** The counted days hold the sums of their counted hours, and nothing else. */
async function expectDaysOfHours(db: Kysely<Database>): Promise<void> {
  const sums = new Map<string, number>();
  for (const [hour, entries] of await countedHours(db)) {
    sums.set(hour.slice(0, 10), (sums.get(hour.slice(0, 10)) ?? 0) + entries);
  }
  const days = await db.selectFrom('audit_entry_days').select(['day', 'entries']).orderBy('day').execute();
  expect(days.map((row) => [row.day, Number(row.entries)])).toEqual(
    [...sums].sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Each hour from `first` to the last settled at `now`. */
function hoursFrom(first: string, now: Date): string[] {
  const hours: string[] = [];
  for (let instant = Date.parse(`${first}:00:00.000Z`); ; instant += HOUR) {
    const hour = new Date(instant).toISOString().slice(0, 13);
    if (hour > lastSettledHour(now)) return hours;
    hours.push(hour);
  }
}

/** The counted hours hold the journal's entries of each hour, from the first counted to the last settled. */
async function expectCountedHours(db: Kysely<Database>, now: Date): Promise<void> {
  const counted = await countedHours(db);
  const perHour = await entriesPerHour(db);
  expect(counted.map(([hour]) => hour)).toEqual(hoursFrom(counted[0]?.[0] ?? '', now));
  for (const [hour, entries] of counted) expect(entries, hour).toBe(perHour.get(hour) ?? 0);
  await expectDaysOfHours(db);
}

/** The journal's ids newest first, as the plain offset over the time order reads them. */
async function idsInOrder(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('audit_entries')
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => Number(row.id));
}

describe("the audit journal's days", () => {
  let ctx: TestContext;
  let db: Kysely<Database>;
  const now = new Date();

  beforeAll(async () => {
    setDeepPageOffsetForTests(DEEP_FROM);
    ctx = await createTestContext();
    db = ctx.db;
    // Spread over SPAN_DAYS days up to now, some on a day's first and last instants, days left empty.
    for (let index = 0; index < ENTRIES; index += 1) {
      const daysAgo = (index * 7) % SPAN_DAYS;
      if (daysAgo % 11 === 5) continue;
      const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY;
      const offset = index % 23 === 0 ? 0 : index % 29 === 0 ? DAY - 1 : (index * 7919) % DAY;
      const instant = Math.min(midnight + offset, now.getTime());
      await insertAuditEntry(db, { action: 'user.update', created_at: new Date(instant).toISOString() });
    }
  });
  afterAll(async () => {
    setDeepPageOffsetForTests(DEEP_PAGE_OFFSET);
    await ctx.close();
  });

  const expectDeepPagesAsPlain = async () => {
    const ids = await idsInOrder(db);
    const pages = Math.ceil(ids.length / PAGE_SIZE) + 1;
    for (let page = 1; page <= pages; page += 1) {
      const query = AuditListQuery.parse({ page: String(page), page_size: String(PAGE_SIZE) });
      const listed = await listAuditEntries(db, query);
      const start = (page - 1) * PAGE_SIZE;
      expect(
        listed.results.map((entry) => entry.id),
        `page ${page}`,
      ).toEqual(ids.slice(start, start + PAGE_SIZE));
    }
  };

  it('pages the journal by the plain offset while no hour is counted', async () => {
    expect(await countedHours(db)).toEqual([]);
    await expectDeepPagesAsPlain();
  });

  it('counts each hour over once, empty hours included, adds them to their days, and the following hours later', async () => {
    const earlier = new Date(now.getTime() - 3 * DAY);
    const recorded = await recordAuditHours(db, earlier);
    expect(recorded).toBeGreaterThan(60 * 24);
    const first = (
      await db
        .selectFrom('audit_entries')
        .select('created_at')
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).created_at;
    expect((await countedHours(db))[0]?.[0]).toBe(new Date(Date.parse(first)).toISOString().slice(0, 13));
    await expectCountedHours(db, earlier);
    expect((await countedHours(db)).some(([, entries]) => entries === 0)).toBe(true);
    expect(await recordAuditHours(db, earlier)).toBe(0);
    // Deep pages from the counted hours and the hours after them, read from the time index.
    await expectDeepPagesAsPlain();
    expect(await recordAuditHours(db, now)).toBe(3 * 24);
    await expectCountedHours(db, now);
    await expectDeepPagesAsPlain();
  });

  it('takes the entries the retention purge deletes off their hours and days', async () => {
    // A cutoff in the middle of an hour: part of that hour goes.
    const purged = await purgeExpiredAuditEntries(db, 40.51, now, 17);
    expect(purged).toBeGreaterThan(0);
    await expectCountedHours(db, now);
    await expectDeepPagesAsPlain();
  });

  it('counts each hour once when several processes count at the same time, beside a purge', async () => {
    await db.deleteFrom('audit_entry_hours').execute();
    await db.deleteFrom('audit_entry_days').execute();
    const counts = await Promise.all([
      recordAuditHours(db, now),
      recordAuditHours(db, now),
      purgeExpiredAuditEntries(db, 30, now, 5),
      recordAuditHours(db, now),
    ]);
    // Every hour once, from the first counted to the last settled, whichever ran first.
    expect(counts[0] + counts[1] + counts[3]).toBe((await countedHours(db)).length);
    expect((await countedHours(db)).at(-1)?.[0]).toBe(lastSettledHour(now));
    await expectCountedHours(db, now);
    await expectDeepPagesAsPlain();
  });
});
