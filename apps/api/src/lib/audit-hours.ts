import { type Kysely, sql } from 'kysely';
import type { PeriodCount, PeriodSources } from '../db/deep-pages.js';
import { lockName } from '../db/locks.js';
import { precompiled } from '../db/precompiled.js';
import type { Database } from '../db/schema.js';
import { dialectOf, hourOf } from '../db/sql.js';
import { runInTransaction } from '../db/transaction.js';

/*
 * The audit journal's entries per UTC hour (`audit_entry_hours`) and per UTC day
 * (`audit_entry_days`, the sum of its counted hours), so that a deep page of the journal starts at
 * its hour (db/deep-pages.ts) instead of walking the time index past every newer entry: a day can
 * hold tens of thousands of entries (the seed's busiest, 55,000), an hour a few thousand.
 *
 * The journal keeps no counter written with its entries (one row would be written by every write
 * of the platform, all of them waiting on it). Instead an hour is counted once, when it has been over
 * for ten minutes (an entry carries the time of its request, whose transaction lasts seconds), by
 * `recordAuditHours`, at start-up and every ten minutes; the entries after the last hour counted are
 * counted from the time index when a deep page needs them (an hour or so). The journal is append
 * only: a counted hour never changes but by the retention purge, which takes off what it deletes
 * (`takeOffAuditHours`, in the purge's transaction). Both take the same named lock, so that an hour
 * is never counted while the purge deletes some of its entries.
 */

const HOUR_MS = 3600 * 1000;

/** How long after its end an hour is counted. */
export const AUDIT_HOUR_SETTLED_MS = 10 * 60 * 1000;

/** The lock of the journal's counted hours and days (db/locks.ts). */
const AUDIT_HOURS_LOCK = 'audit-entry-hours';

/** Rows inserted by one statement. */
const INSERT_CHUNK = 500;

/** A counted day's month ('YYYY-MM'). */
const monthOfDay = sql<string>`substr(day, 1, 7)`;

/** 'YYYY-MM-DDTHH' of an instant (UTC). */
function hourAt(instant: number): string {
  return new Date(instant).toISOString().slice(0, 13);
}

function hourStart(hour: string): string {
  return `${hour}:00:00.000Z`;
}

function nextHour(hour: string): string {
  return hourAt(Date.parse(hourStart(hour)) + HOUR_MS);
}

/** The newest hour over for AUDIT_HOUR_SETTLED_MS at `now`. */
export function lastSettledHour(now: Date): string {
  return hourAt(now.getTime() - AUDIT_HOUR_SETTLED_MS - HOUR_MS);
}

/** The sums of `counts` (by hour) by day. */
function byDay(counts: Iterable<readonly [hour: string, entries: number]>): Map<string, number> {
  const days = new Map<string, number>();
  for (const [hour, entries] of counts) {
    const day = hour.slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + entries);
  }
  return days;
}

/**
 * Counts the hours over since the last one counted (from the journal's first entry the first time),
 * empty hours included, and adds them to their days; returns how many hours were recorded.
 */
export async function recordAuditHours(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const last = lastSettledHour(now);
  return runInTransaction(db, async (trx) => {
    await lockName(trx, AUDIT_HOURS_LOCK);
    const newest = await trx
      .selectFrom('audit_entry_hours')
      .select((eb) => eb.fn.max('hour').as('hour'))
      .executeTakeFirst();
    let from: string;
    if (newest?.hour) {
      from = nextHour(newest.hour);
    } else {
      const oldest = await trx
        .selectFrom('audit_entries')
        .select('created_at')
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      if (!oldest) return 0;
      from = hourAt(Date.parse(oldest.created_at));
    }
    if (from > last) return 0;
    const hour = hourOf(dialectOf<Database>(trx), sql.ref<string>('audit_entries.created_at'));
    const rows = await trx
      .selectFrom('audit_entries')
      .select((eb) => [hour.as('hour'), eb.fn.countAll<number | string>().as('entries')])
      .where('created_at', '>=', hourStart(from))
      .where('created_at', '<', hourStart(nextHour(last)))
      .groupBy(hour)
      .execute();
    const counted = new Map(rows.map((row) => [row.hour, Number(row.entries)]));
    const hours: { hour: string; entries: number }[] = [];
    for (let current = from; current <= last; current = nextHour(current)) {
      hours.push({ hour: current, entries: counted.get(current) ?? 0 });
    }
    for (let start = 0; start < hours.length; start += INSERT_CHUNK) {
      await trx
        .insertInto('audit_entry_hours')
        .values(hours.slice(start, start + INSERT_CHUNK))
        .execute();
    }
    const days = [...byDay(hours.map(({ hour: key, entries }) => [key, entries] as const))].map(
      ([day, entries]) => ({ day, entries }),
    );
    for (let start = 0; start < days.length; start += INSERT_CHUNK) {
      await trx
        .insertInto('audit_entry_days')
        .values(days.slice(start, start + INSERT_CHUNK))
        .onConflict((conflict) =>
          conflict.column('day').doUpdateSet((eb) => ({
            entries: eb('audit_entry_days.entries', '+', eb.ref('excluded.entries')),
          })),
        )
        .execute();
    }
    return hours.length;
  });
}

/** Inside the purge's transaction, before it deletes: no hour is counted meanwhile. */
export function lockAuditHours(trx: Kysely<Database>): Promise<void> {
  return lockName(trx, AUDIT_HOURS_LOCK);
}

/** Inside the purge's transaction: takes the deleted entries (their times) off their counted hours and days. */
export async function takeOffAuditHours(trx: Kysely<Database>, deleted: readonly string[]): Promise<void> {
  if (deleted.length === 0) return;
  const hours = new Map<string, number>();
  for (const createdAt of deleted) {
    const hour = hourAt(Date.parse(createdAt));
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
  }
  const inOrder = (counts: Map<string, number>) => [...counts].sort(([a], [b]) => a.localeCompare(b));
  for (const [hour, entries] of inOrder(hours)) {
    await trx
      .updateTable('audit_entry_hours')
      .set((eb) => ({ entries: eb('entries', '-', entries) }))
      .where('hour', '=', hour)
      .execute();
  }
  // A day holds the hours counted: an hour not counted yet was not added to it.
  const countedHours = await trx
    .selectFrom('audit_entry_hours')
    .select('hour')
    .where('hour', 'in', [...hours.keys()])
    .execute();
  const counted = new Set(countedHours.map((row) => row.hour));
  const days = byDay([...hours].filter(([hour]) => counted.has(hour)));
  for (const [day, entries] of inOrder(days)) {
    await trx
      .updateTable('audit_entry_days')
      .set((eb) => ({ entries: eb('entries', '-', entries) }))
      .where('day', '=', day)
      .execute();
  }
}

/**
 * A row of `periodsStatement`: a month's counted entries, the last hour counted, an hour's entries
 * from the recent ones (`settled`: old enough to be kept in `RecentCounts`; `recent`: not yet), or the
 * journal's newest id (`newest`, in `entries`).
 */
interface PeriodRow {
  kind: 'month' | 'last' | 'settled' | 'recent' | 'newest';
  period: string | null;
  entries: number | string | null;
}

/**
 * What a process has already counted of the recent hours (the hours after the last one the clock says
 * was counted, `since` on: up to an hour and ten minutes of entries, which a deep page of the journal
 * counted from the time index on every request: after a burst of writes, 200,000 of them, 94 ms).
 * Kept, by hour, the entries from `since` on whose id is at most `newestId` (the newest a read saw)
 * and whose time is before `settledUntil`; a later read counts only the rest: by the table's key, the
 * entries with a higher id (written since, an entry written with an earlier time too: the seed's, a
 * test's), and from the time index the entries from `settledUntil` on.
 *
 * SQLite writes one transaction at a time, and a new entry's id is above every committed one: an
 * entry a read did not see has a higher id than every entry it saw, so every entry up to the newest
 * id is kept, whatever its time (`settledUntil` is past any). PostgreSQL hands ids out before the
 * commits, in any order: there only the entries over AUDIT_HOUR_SETTLED_MS old when read are kept,
 * the assumption the counted hours rest on already (an entry carries its request's time, and its
 * transaction is over long before). The journal is append-only and its retention purge deletes only
 * entries over a day old: what is kept stays exact.
 */
interface RecentCounts {
  since: string;
  settledUntil: string;
  newestId: number;
  hours: Map<string, number>;
}

/** Per database handle (each test's database has its own). */
const recentCountsOf = new WeakMap<Kysely<Database>, RecentCounts>();

/** SQLite: after any entry's time (every entry a read saw is kept). */
export const AFTER_EVERY_ENTRY = '9999-12-31T23:59:59.999Z';

/** The time before which the entries a read counts at `now` are kept (RecentCounts). */
function keptBefore(db: Kysely<Database>, now: Date): string {
  return dialectOf(db) === 'sqlite'
    ? AFTER_EVERY_ENTRY
    : new Date(now.getTime() - AUDIT_HOUR_SETTLED_MS).toISOString();
}

/** No id above it: without counts kept, the statement's arm by the key reads nothing. */
const NO_ID_ABOVE = 2 ** 31 - 1;

/**
 * The months of the counted days, the last hour counted, the journal's newest id, and the entries of
 * each hour from `since` on that are not kept already: from the time index from `liveFrom` on (split
 * at `settledUntil`), and by the table's key above `afterId` from `since` to `liveFrom`. One statement.
 */
const periodsStatement = precompiled(
  4,
  (db, since: string, liveFrom: string, settledUntil: string, afterId: number) => {
    const dialect = dialectOf(db);
    const hour = hourOf(dialect, sql.ref<string>('audit_entries.created_at'));
    // SQLite: the key's range, not the time index's (`+` keeps the time column off its index).
    const createdAt = dialect === 'sqlite' ? sql<string>`+"created_at"` : sql<string>`"created_at"`;
    const hoursOf = (kind: PeriodRow['kind']) =>
      db
        .selectFrom('audit_entries')
        .select((eb) => [
          sql.lit(kind).$castTo<PeriodRow['kind']>().as('kind'),
          hour.$castTo<string | null>().as('period'),
          eb.fn.countAll<number | string>().$castTo<number | string | null>().as('entries'),
        ]);
    return db
      .selectFrom('audit_entry_days')
      .select((eb) => [
        sql.lit('month').$castTo<PeriodRow['kind']>().as('kind'),
        monthOfDay.$castTo<string | null>().as('period'),
        eb.fn.sum<number | string | null>('entries').as('entries'),
      ])
      .groupBy(monthOfDay)
      .unionAll(
        db
          .selectFrom('audit_entry_hours')
          .select((eb) => [
            sql.lit('last').$castTo<PeriodRow['kind']>().as('kind'),
            eb.fn.max('hour').$castTo<string | null>().as('period'),
            sql.lit(0).$castTo<number | string | null>().as('entries'),
          ]),
      )
      .unionAll(
        db
          .selectFrom('audit_entries')
          .select((eb) => [
            sql.lit('newest').$castTo<PeriodRow['kind']>().as('kind'),
            sql.lit(null).$castTo<string | null>().as('period'),
            eb.fn.max('id').$castTo<number | string | null>().as('entries'),
          ]),
      )
      .unionAll(
        hoursOf('settled')
          .where('id', '>', afterId)
          .where(createdAt, '>=', since)
          .where(createdAt, '<', liveFrom)
          .groupBy(hour),
      )
      .unionAll(
        hoursOf('settled')
          .where('created_at', '>=', liveFrom)
          .where('created_at', '<', settledUntil)
          .groupBy(hour),
      )
      .unionAll(hoursOf('recent').where('created_at', '>=', settledUntil).groupBy(hour));
  },
  // Planned with its instants: the hours since then are a range of the time index.
  { named: false },
);

/** What `db`'s reads keep counted of the recent hours (for tests). */
export function keptRecentAuditCounts(
  db: Kysely<Database>,
): { since: string; settledUntil: string; newestId: number; hours: ReadonlyMap<string, number> } | undefined {
  return recentCountsOf.get(db);
}

/** The later of two ISO instants. */
function later(first: string, second: string): string {
  return first > second ? first : second;
}

/**
 * The entries of each hour from `since` on: those kept for `db` and those the statement's `rows`
 * counted; keeps the settled ones for the next read.
 */
function recentHoursOf(
  db: Kysely<Database>,
  read: { since: string; settledUntil: string; kept: RecentCounts | undefined },
  rows: readonly PeriodRow[],
): PeriodCount[] {
  const settled = new Map<string, number>();
  for (const [hour, entries] of read.kept?.hours ?? [])
    if (hour >= read.since.slice(0, 13)) settled.set(hour, entries);
  const hours = new Map<string, number>();
  let newestId = read.kept?.newestId ?? 0;
  for (const row of rows) {
    if (row.kind === 'newest' && row.entries !== null) newestId = Math.max(newestId, Number(row.entries));
    if (row.kind !== 'settled' && row.kind !== 'recent') continue;
    if (row.period === null) continue;
    const counts = row.kind === 'settled' ? settled : hours;
    counts.set(row.period, (counts.get(row.period) ?? 0) + Number(row.entries));
  }
  recentCountsOf.set(db, { since: read.since, settledUntil: read.settledUntil, newestId, hours: settled });
  for (const [hour, entries] of settled) hours.set(hour, (hours.get(hour) ?? 0) + entries);
  return [...hours];
}

const countedDaysOf = precompiled(2, (db, from: string, to: string) =>
  db
    .selectFrom('audit_entry_days')
    .select(['day', 'entries'])
    .where('day', '>=', from)
    .where('day', '<=', to),
);

const countedHoursOf = precompiled(2, (db, from: string, to: string) =>
  db
    .selectFrom('audit_entry_hours')
    .select(['hour', 'entries'])
    .where('hour', '>=', from)
    .where('hour', '<=', to),
);

/** The entries of each hour from `since` on to `until` (excluded), from the time index. */
async function recentHoursBetween(
  db: Kysely<Database>,
  since: string,
  until: string,
): Promise<PeriodCount[]> {
  const hour = hourOf(dialectOf(db), sql.ref<string>('audit_entries.created_at'));
  const rows = await db
    .selectFrom('audit_entries')
    .select((eb) => [hour.as('hour'), eb.fn.countAll<number | string>().as('entries')])
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .groupBy(hour)
    .execute();
  return rows.map((row) => [row.hour, Number(row.entries)]);
}

/**
 * The whole journal's entries month by month, day by day and hour by hour, newest first (deep pages,
 * db/deep-pages.ts): the counted hours and days, and the hours after them counted from the time
 * index, read with the months from the hour the clock says was counted last (and the hours between,
 * when the count is behind). No hour counted yet: no periods (the page walks from the start).
 */
export function auditEntriesByPeriod(db: Kysely<Database>, now: Date = new Date()): PeriodSources {
  let read: Promise<{ months: PeriodCount[]; recentHours: PeriodCount[] }> | undefined;
  const readPeriods = async () => {
    const since = hourStart(nextHour(lastSettledHour(now)));
    const kept = recentCountsOf.get(db);
    const usable = kept && kept.since <= since && kept.settledUntil > since ? kept : undefined;
    const liveFrom = usable ? usable.settledUntil : since;
    const settledUntil = later(liveFrom, keptBefore(db, now));
    const rows = await periodsStatement.execute(
      db,
      since,
      liveFrom,
      settledUntil,
      usable ? usable.newestId : NO_ID_ABOVE,
    );
    const recentHours = recentHoursOf(db, { since, settledUntil, kept: usable }, rows);
    const lastHour = rows.find((row) => row.kind === 'last')?.period;
    if (!lastHour) return { months: [], recentHours: [] };
    // The count is behind the clock (its timer has not run yet): the hours between, from the index.
    const countedUntil = hourStart(nextHour(lastHour));
    if (countedUntil < since) recentHours.push(...(await recentHoursBetween(db, countedUntil, since)));
    const byMonth = new Map<string, number>();
    for (const [recentHour, entries] of recentHours) {
      byMonth.set(recentHour.slice(0, 7), (byMonth.get(recentHour.slice(0, 7)) ?? 0) + entries);
    }
    for (const row of rows) {
      if (row.kind === 'month' && row.period !== null) {
        byMonth.set(row.period, (byMonth.get(row.period) ?? 0) + Number(row.entries));
      }
    }
    return { months: newestFirst(byMonth), recentHours };
  };
  const periods = () => {
    read ??= readPeriods();
    return read;
  };
  return {
    months: async () => (await periods()).months,
    days: async (month) => {
      const { recentHours } = await periods();
      const counted = await countedDaysOf.execute(db, `${month}-01`, `${month}-31`);
      const days = byDay(recentHours.filter(([hour]) => hour.startsWith(month)));
      for (const row of counted) days.set(row.day, (days.get(row.day) ?? 0) + Number(row.entries));
      return newestFirst(days);
    },
    hours: async (day) => {
      const { recentHours } = await periods();
      const counted = await countedHoursOf.execute(db, `${day}T00`, `${day}T23`);
      const hours = new Map(recentHours.filter(([hour]) => hour.startsWith(day)));
      for (const row of counted) hours.set(row.hour, (hours.get(row.hour) ?? 0) + Number(row.entries));
      return newestFirst(hours);
    },
  };
}

function newestFirst(counts: Map<string, number>): PeriodCount[] {
  return [...counts].sort(([a], [b]) => b.localeCompare(a));
}
