import type { StatusDistribution } from '@kwanza/contract';
import { type RawBuilder, sql } from 'kysely';
import { toCount } from '../../db/aggregates.js';
import { type CounterBucket, readCounters, readCountersFrom, sumBuckets } from '../../db/counters.js';
import type { Executor } from './verification-rules.js';

/*
 * Verification figures from the kept counters. Buckets: provider verifications
 * status|business|document|month|processed, client verifications status|document|month; their day
 * rollups for the urgent and processed counts (migration 0023). "Urgent" (pending since before the
 * cutoff) sums the pending days before the cutoff's and counts by index at most half of that day:
 * never the queue's history.
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

const DAY_MS = 24 * 3600 * 1000;

/**
 * Pending verifications submitted before `cutoff` (ISO) whose user is not deleted, of an account type
 * (`isBusiness`, provider verifications) or none when the status asked is not 'pending'. The kept
 * pending counts by day submitted (`pv_pending_day`, `cv_pending_day`) give the days before the
 * cutoff's; within the cutoff's day, the index counts the shorter side of the cutoff, at most half a
 * day of arrivals however large the backlog (at a million users 28,875 entries, the urgent delay's
 * arrivals, were counted before: 1.8 ms).
 */
export async function urgentCount(
  db: Executor,
  table: VerificationTable,
  cutoff: string,
  filter: { status?: string; isBusiness?: boolean } = {},
  /** Reads the table's pending days (`pv_pending_day`, `cv_pending_day`), when read with others. */
  pendingDays?: () => Promise<CounterBucket[]>,
): Promise<number> {
  if (filter.status && filter.status !== 'pending') return 0;
  const provider = table === 'provider_verifications';
  const days = pendingDays ? pendingDays() : readCounters(db, provider ? 'pv_pending_day' : 'cv_pending_day');
  const business = filter.isBusiness === undefined || !provider ? null : filter.isBusiness ? '1' : '0';
  // Buckets: [business, day] for providers, [day] for clients; '-' holds every row not pending.
  const pendingOn = (buckets: readonly CounterBucket[], days: (day: string) => boolean) =>
    sumBuckets(buckets, (parts) => {
      if (parts[0] === '-') return false;
      if (business !== null && parts[0] !== business) return false;
      return days((provider ? parts[1] : parts[0]) ?? '');
    });
  const cutoffDay = cutoff.slice(0, 10);
  const dayStart = Date.parse(`${cutoffDay}T00:00:00.000Z`);
  const extra = business === null ? sql`` : sql`and v.is_business = ${business === '1'}`;
  const pendingBetween = (from: string, to: string) =>
    countOfLiveUsers(
      db,
      table,
      sql`v.verification_status = 'pending' and v.submitted_at >= ${from} and v.submitted_at < ${to} ${extra}`,
    );
  // The index's count of the cutoff's day runs beside the read of the days (independent).
  if (Date.parse(cutoff) - dayStart <= DAY_MS / 2) {
    const [buckets, within] = await Promise.all([
      days,
      pendingBetween(new Date(dayStart).toISOString(), cutoff),
    ]);
    return pendingOn(buckets, (day) => day < cutoffDay) + within;
  }
  const nextDay = new Date(dayStart + DAY_MS).toISOString();
  const [buckets, after] = await Promise.all([days, pendingBetween(cutoff, nextDay)]);
  return pendingOn(buckets, (day) => day <= cutoffDay) - after;
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
