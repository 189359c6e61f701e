import { DISPUTE_STATUSES, type DisputeStats } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import { type CounterBucket, countByPart, readCountersOf, sumBuckets } from '../../db/counters.js';
import type { Database } from '../../db/schema.js';
import { lastTwelveMonths } from '../../lib/months.js';

/**
 * Median of `resolution_seconds` (generated from resolved_at − created_at) read from its partial
 * index: how many are resolved (kept counter `disputes_resolved`), then the one or two middle values
 * by offset. No sort of the table, no count of the index.
 */
async function medianResolutionSeconds(
  db: Kysely<Database>,
  resolvedBuckets: readonly CounterBucket[],
): Promise<{ count: number; median: number | null }> {
  const resolved = () => db.selectFrom('disputes').where('resolution_seconds', 'is not', null);
  const count = sumBuckets(resolvedBuckets, ([isResolved]) => isResolved === '1');
  if (count === 0) return { count, median: null };
  const middle = await resolved()
    .select('resolution_seconds')
    .orderBy('resolution_seconds')
    .limit(count % 2 === 0 ? 2 : 1)
    .offset(count % 2 === 0 ? count / 2 - 1 : (count - 1) / 2)
    .execute();
  const values = middle.map((value) => Number(value.resolution_seconds));
  return { count, median: values.reduce((sum, value) => sum + value, 0) / values.length };
}

/** Counts per status and per month (kept counters) and the median time to resolution. */
export async function getDisputeStats(db: Kysely<Database>, now: Date = new Date()): Promise<DisputeStats> {
  const months = lastTwelveMonths(now);
  // Both kept lists in one statement (one round trip fewer on PostgreSQL).
  const { disputes: buckets, disputes_resolved: resolved } = await readCountersOf(db, [
    'disputes',
    'disputes_resolved',
  ]);
  const byStatus = countByPart(buckets, 0, DISPUTE_STATUSES);
  const byMonth = countByPart(buckets, 1, months);
  const { count, median } = await medianResolutionSeconds(db, resolved);
  return {
    total: Object.values(byStatus).reduce((sum, value) => sum + value, 0),
    by_status: byStatus,
    monthly: months.map((month) => ({ month, count: byMonth[month] ?? 0 })),
    resolved_count: count,
    median_resolution_hours: median === null ? null : Math.round((median / 3600) * 10) / 10,
  };
}
