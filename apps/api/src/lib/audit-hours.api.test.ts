import { AuditListQuery, SEARCH_COUNT_CAP } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_PAGE_OFFSET, setDeepPageOffsetForTests } from '../db/deep-pages.js';
import type { Database } from '../db/schema.js';
import { listAuditEntries } from '../modules/audit/audit.repository.js';
import { insertAuditEntry, insertLoginEntries } from '../modules/audit/audit.test-support.js';
import { recordingSql } from '../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import {
  AFTER_EVERY_ENTRY,
  AUDIT_HOUR_SETTLED_MS,
  auditEntriesByPeriod,
  keptRecentAuditCounts,
  lastSettledHour,
  recordAuditHours,
} from './audit-hours.js';
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
      // Fewer entries than the cap: counted exactly, deep page or not.
      expect([listed.count, listed.capped], `page ${page}`).toEqual([ids.length, false]);
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

describe("the journal's recent hours, as a process keeps them counted", () => {
  let ctx: TestContext;
  let db: Kysely<Database>;
  const MINUTE = 60 * 1000;
  // Twenty minutes into an hour: the hours after the last one counted begin an hour and twenty
  // minutes before.
  const start = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR + 20 * MINUTE;
  const at = (instant: number) => new Date(instant).toISOString();

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.db;
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Every hour of the journal as its sources tell it at `now`, newest first, against its rows. */
  const expectHoursAt = async (now: number) => {
    const sources = auditEntriesByPeriod(db, new Date(now));
    const told = new Map<string, number>();
    for (const [month] of await sources.months()) {
      for (const [day] of (await sources.days?.(month)) ?? []) {
        for (const [hour, entries] of (await sources.hours?.(day)) ?? []) told.set(hour, entries);
      }
    }
    const truth = await entriesPerHour(db);
    expect([...told].filter(([, entries]) => entries > 0).sort()).toEqual([...truth].sort());
  };

  it('counts what was written since the last read, an entry written with an earlier time too', async () => {
    // Hours already counted, then entries of the recent hours: some settled, some not yet.
    for (let minutes = 200; minutes >= 0; minutes -= 7) {
      await insertAuditEntry(db, { action: 'user.update', created_at: at(start - minutes * MINUTE) });
    }
    await recordAuditHours(db, new Date(start));
    await expectHoursAt(start);
    const kept = keptRecentAuditCounts(db);
    // SQLite keeps every entry it saw; PostgreSQL those over AUDIT_HOUR_SETTLED_MS old.
    const keptBefore = (now: number) =>
      ctx.dialect === 'sqlite' ? AFTER_EVERY_ENTRY : at(now - AUDIT_HOUR_SETTLED_MS);
    expect(kept?.settledUntil).toBe(keptBefore(start));
    // The recent hours begin at the hour of `start` (the one before is the last counted).
    expect(kept?.since).toBe(at(Math.floor(start / HOUR) * HOUR));
    const settledKept = [...(kept?.hours ?? [])].reduce((sum, [, entries]) => sum + entries, 0);
    const settledRows = await db
      .selectFrom('audit_entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('created_at', '>=', kept?.since ?? '')
      .where('created_at', '<', kept?.settledUntil ?? '')
      .executeTakeFirstOrThrow();
    expect(settledKept).toBe(Number(settledRows.n));
    expect(settledKept).toBeGreaterThan(0);

    // Written since: now, and with a time among the settled ones (a seed's, a test's).
    await insertAuditEntry(db, { action: 'user.update', created_at: at(start) });
    // (Five and eight minutes into the recent hours, which begin twenty minutes before `start`.)
    await insertAuditEntry(db, { action: 'user.update', created_at: at(start - 15 * MINUTE) });
    await insertAuditEntry(db, { action: 'user.update', created_at: at(start - 12 * MINUTE) });
    await expectHoursAt(start);
    expect(keptRecentAuditCounts(db)?.newestId).toBe(
      Number(
        (
          await db
            .selectFrom('audit_entries')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );

    // Minutes later, entries not settled at the last read are, and more are written.
    await insertAuditEntry(db, { action: 'user.update', created_at: at(start + 6 * MINUTE) });
    await expectHoursAt(start + 7 * MINUTE);
    expect(keptRecentAuditCounts(db)?.settledUntil).toBe(keptBefore(start + 7 * MINUTE));
    await expectHoursAt(start + 7 * MINUTE);

    // An hour later: the oldest recent hour is counted apart, the rest still kept.
    await insertAuditEntry(db, { action: 'user.update', created_at: at(start + 70 * MINUTE) });
    await expectHoursAt(start + 75 * MINUTE);
    await recordAuditHours(db, new Date(start + 75 * MINUTE));
    await insertAuditEntry(db, { action: 'user.update', created_at: at(start + 50 * MINUTE) });
    await expectHoursAt(start + 75 * MINUTE);
  });

  it('reads a deep page among the recent hours as the plain offset does', async () => {
    setDeepPageOffsetForTests(3);
    try {
      for (let minutes = 0; minutes < 40; minutes += 3) {
        await insertAuditEntry(db, { action: 'user.update', created_at: at(Date.now() - minutes * MINUTE) });
      }
      const ids = await idsInOrder(db);
      for (let page = 1; page <= Math.ceil(ids.length / 4); page += 1) {
        const query = AuditListQuery.parse({ page: String(page), page_size: '4' });
        expect(
          (await listAuditEntries(db, query)).results.map((entry) => entry.id),
          `page ${page}`,
        ).toEqual(ids.slice((page - 1) * 4, page * 4));
        // Between two pages, an entry written now: the next read counts it (the list grows by one).
        if (page === 2) await insertAuditEntry(db, { action: 'user.update', created_at: at(Date.now()) });
        if (page === 2) ids.splice(0, ids.length, ...(await idsInOrder(db)));
      }
    } finally {
      setDeepPageOffsetForTests(DEEP_PAGE_OFFSET);
    }
  });
});

describe('a deep page of a journal past the cap', () => {
  let ctx: TestContext;
  const now = new Date();
  const ENTRIES_PAST_CAP = SEARCH_COUNT_CAP + 30;

  beforeAll(async () => {
    ctx = await createTestContext();
    // Four an hour, over the last eleven days and more, each settled.
    await insertLoginEntries(ctx.db, ENTRIES_PAST_CAP, (index) => ({
      created_at: new Date(now.getTime() - 2 * HOUR - index * 15 * 60 * 1000).toISOString(),
      admin_id: null,
      admin_label: 'Ana',
      search_text: 'ana',
    }));
    await recordAuditHours(ctx.db, now);
    setDeepPageOffsetForTests(DEEP_FROM);
  });
  afterAll(async () => {
    setDeepPageOffsetForTests(DEEP_PAGE_OFFSET);
    await ctx.close();
  });

  it('takes its count past the cap from the months it read, without counting', async () => {
    const ids = await idsInOrder(ctx.db);
    expect(ids).toHaveLength(ENTRIES_PAST_CAP);
    // The count up to the cap (the periods' statement, precompiled and recorded too, counts hours).
    const countsOf = (texts: string[]) =>
      texts.filter((text) => /^select count\(\*\) as "count" from \(/i.test(text));
    // A shallow page counts up to the cap.
    const shallow = recordingSql(ctx.db);
    const first = await listAuditEntries(shallow.db, AuditListQuery.parse({ page: '1', page_size: '9' }));
    expect([first.count, first.capped]).toEqual([SEARCH_COUNT_CAP, true]);
    expect(countsOf(shallow.texts)).toHaveLength(1);
    // Deep pages, the last one and one past the end: the months hold more than the cap.
    for (const page of [20, Math.ceil(ENTRIES_PAST_CAP / 9), 200]) {
      const deep = recordingSql(ctx.db);
      const listed = await listAuditEntries(
        deep.db,
        AuditListQuery.parse({ page: String(page), page_size: '9' }),
      );
      expect(
        listed.results.map((entry) => entry.id),
        `page ${page}`,
      ).toEqual(ids.slice((page - 1) * 9, page * 9));
      expect([listed.count, listed.capped], `page ${page}`).toEqual([SEARCH_COUNT_CAP, true]);
      expect(countsOf(deep.texts), `page ${page}`).toEqual([]);
    }
  });
});
