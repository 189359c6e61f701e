import type { StatusDistribution } from '@kwanza/contract';
import { type RawBuilder, sql } from 'kysely';
import { toCount } from '../../db/aggregates.js';
import {
  type CounterBucket,
  type CounterList,
  readCounterSets,
  readCountersFrom,
  sumBuckets,
} from '../../db/counters.js';
import type { Executor } from './verification-rules.js';

/*
 * Verification figures from the kept counters. Buckets: provider verifications
 * status|business|document|month|processed, client verifications status|document|month; their day
 * rollups for the urgent and processed counts (migration 0023), their hour rollups for the urgent
 * count (0047). "Urgent" (pending since before the cutoff) sums the pending days before the cutoff's,
 * that day's hours before its own, and counts by index at most half of that hour: never the queue's
 * history.
 */

export type VerificationTable = 'provider_verifications' | 'client_verifications';

export const STATUS_PART = 0;

export function statusFigures(
  buckets: readonly CounterBucket[],
  match: (parts: string[]) => boolean,
): StatusDistribution {
  const of = (status: string) =>
    sumBuckets(buckets, (parts) => match(parts) && parts[STATUS_PART] === status);
  const pending = of('pending');
  const verified = of('verified');
  const rejected = of('rejected');
  return { total: pending + verified + rejected, pending, verified, rejected };
}

const HOUR_MS = 3600 * 1000;

/** The hour of an instant (ms), as the hour rollups' buckets start: 'YYYY-MM-DDTHH' (UTC). */
function hourKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 13);
}

const PENDING_LISTS = {
  provider_verifications: { days: 'pv_pending_day', hours: 'pv_pending_hour' },
  client_verifications: { days: 'cv_pending_day', hours: 'cv_pending_hour' },
} as const;

/** The kept pending counts `urgentCount` reads for `cutoff` (`pendingReads`). */
export interface PendingCounts {
  cutoff: string;
  /** By day submitted: `pv_pending_day` ([business, day]), `cv_pending_day` ([day]). */
  days: CounterBucket[];
  /** The hours of the cutoff's day up to its own: `pv_pending_hour` ([hour, business]), `cv_pending_hour` ([hour]). */
  hours: CounterBucket[];
}

/**
 * What `urgentCount` reads of the kept counters for `cutoff`, two reads to send in the statement of
 * others (`readCounterSets`): every pending day, and the pending hours of the cutoff's day up to its
 * own hour (25 rows at most for a type of account).
 */
export function pendingReads(
  table: VerificationTable,
  cutoff: string,
): readonly [{ list: CounterList }, { list: CounterList; from: string; to: string }] {
  const lists = PENDING_LISTS[table];
  const hourStart = Date.parse(`${hourKey(Date.parse(cutoff))}:00:00.000Z`);
  return [
    { list: lists.days },
    { list: lists.hours, from: cutoff.slice(0, 10), to: hourKey(hourStart + HOUR_MS) },
  ];
}

/** The pending counts of `pendingReads` from their two sets of buckets. */
export function pendingCounts(cutoff: string, [days, hours]: readonly CounterBucket[][]): PendingCounts {
  return { cutoff, days: days ?? [], hours: hours ?? [] };
}

/**
 * Pending verifications submitted before `cutoff` (ISO) whose user is not deleted, of an account type
 * (`isBusiness`, provider verifications) or none when the status asked is not 'pending'. The kept
 * pending counts by day submitted give the days before the cutoff's, those by hour the hours of its
 * day before its own; within its hour, the index counts the shorter side of the cutoff: at most half
 * an hour of arrivals however large the backlog (half a day's before the hours were kept, 10,000
 * index entries at a million users, 0.2 ms; the urgent delay's, 28,875, before the days were).
 */
export async function urgentCount(
  db: Executor,
  table: VerificationTable,
  cutoff: string,
  filter: { status?: string; isBusiness?: boolean } = {},
  /** Reads the table's `pendingReads(table, cutoff)`, when read with others. */
  readPending?: () => Promise<PendingCounts>,
): Promise<number> {
  if (filter.status && filter.status !== 'pending') return 0;
  const provider = table === 'provider_verifications';
  const pending = (
    readPending
      ? readPending()
      : readCounterSets(db, pendingReads(table, cutoff)).then((sets) => pendingCounts(cutoff, sets))
  ).then((counts) => {
    if (counts.cutoff !== cutoff)
      throw new Error(`Comptes en attente lus pour ${counts.cutoff}, pas ${cutoff}.`);
    return counts;
  });
  const business = filter.isBusiness === undefined || !provider ? null : filter.isBusiness ? '1' : '0';
  // Days [business, day] and hours [hour, business] for providers, [day] and [hour] for clients;
  // '-' holds every row not pending.
  const pendingOn = (
    buckets: readonly CounterBucket[],
    [keyPart, businessPart]: readonly [number, number],
    keep: (key: string) => boolean,
  ) =>
    sumBuckets(buckets, (parts) => {
      if (parts[0] === '-') return false;
      if (business !== null && parts[businessPart] !== business) return false;
      return keep(parts[keyPart] ?? '');
    });
  const dayParts = provider ? ([1, 0] as const) : ([0, 0] as const);
  const hourParts = [0, 1] as const;
  const cutoffDay = cutoff.slice(0, 10);
  const cutoffHour = hourKey(Date.parse(cutoff));
  const hourStart = Date.parse(`${cutoffHour}:00:00.000Z`);
  const beforeHour = ({ days, hours }: PendingCounts) =>
    pendingOn(days, dayParts, (day) => day < cutoffDay) +
    pendingOn(hours, hourParts, (hour) => hour >= cutoffDay && hour < cutoffHour);
  const extra = business === null ? sql`` : sql`and v.is_business = ${business === '1'}`;
  const pendingBetween = (from: string, to: string) =>
    countOfLiveUsers(
      db,
      table,
      sql`v.verification_status = 'pending' and v.submitted_at >= ${from} and v.submitted_at < ${to} ${extra}`,
    );
  // The index's count within the cutoff's hour runs beside the read of the counters (independent).
  if (Date.parse(cutoff) - hourStart <= HOUR_MS / 2) {
    const [counts, within] = await Promise.all([
      pending,
      pendingBetween(new Date(hourStart).toISOString(), cutoff),
    ]);
    return beforeHour(counts) + within;
  }
  const nextHour = new Date(hourStart + HOUR_MS).toISOString();
  const [counts, after] = await Promise.all([pending, pendingBetween(cutoff, nextHour)]);
  return beforeHour(counts) + pendingOn(counts.hours, hourParts, (hour) => hour === cutoffHour) - after;
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first of the days (YYYY-MM-DD, UTC) of `since`: where `processedSince` reads its kept days from. */
export function earliestDay(since: readonly [Date, ...Date[]]): string {
  return since.map(dayOf).reduce((first, day) => (day < first ? day : first));
}

/**
 * Provider verifications processed since each of `since` (UTC midnights) whose user is not deleted:
 * the kept days from the earliest of them, read once.
 */
export async function processedSince<T extends readonly [Date, ...Date[]]>(
  db: Executor,
  since: T,
  /** Reads `pv_processed_day` from a day on (`earliestDay(since)`), when read with other counters. */
  readFrom: (day: string) => Promise<CounterBucket[]> = (day) =>
    readCountersFrom(db, 'pv_processed_day', day),
): Promise<{ [K in keyof T]: number }> {
  const days = since.map(dayOf);
  const buckets = await readFrom(earliestDay(since));
  return days.map((from) => sumBuckets(buckets, ([day]) => (day ?? '') >= from)) as {
    [K in keyof T]: number;
  };
}

/**
 * Verifications (alias `v`) matching `condition` whose user is not deleted: a range of the live rows'
 * `(verification_status, submitted_at)` index (`user_deleted_at is null`, migration 0030), counted
 * without visiting a user per row.
 */
export async function countOfLiveUsers(
  db: Executor,
  table: VerificationTable,
  condition: RawBuilder<unknown>,
): Promise<number> {
  const result = await sql<{ count: number | string }>`
    select count(*) as count from ${sql.table(table)} v
    where v.user_deleted_at is null and ${condition}`.execute(db);
  return toCount(result.rows[0]?.count);
}
