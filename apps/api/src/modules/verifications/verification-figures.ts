import type { StatusDistribution } from '@kwanza/contract';
import { sql } from 'kysely';
import { toCount } from '../../db/aggregates.js';
import { type CounterBucket, sumBuckets } from '../../db/counters.js';
import type { Executor } from './verification-rules.js';

/*
 * Verification figures from the kept counters. Buckets: provider verifications
 * status|business|document|month|processed, client verifications status|document|month. "Urgent"
 * (pending since before the cutoff) is the pending buckets of the months before the cutoff's month,
 * plus an indexed count of the pending ones of that month submitted before the cutoff: one month of
 * a queue, never the whole history.
 */

export type VerificationTable = 'provider_verifications' | 'client_verifications';

export const STATUS_PART = 0;

export function monthPartIndex(table: VerificationTable): number {
  return table === 'provider_verifications' ? 3 : 2;
}

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

/** Pending verifications submitted before `cutoff` (ISO), among the buckets matching `match`. */
export async function urgentCount(
  db: Executor,
  table: VerificationTable,
  buckets: readonly CounterBucket[],
  cutoff: string,
  filter: { match: (parts: string[]) => boolean; column?: 'is_business' | 'document_type'; value?: unknown },
): Promise<number> {
  const cutoffMonth = cutoff.slice(0, 7);
  const monthIndex = monthPartIndex(table);
  const before = sumBuckets(
    buckets,
    (parts) =>
      filter.match(parts) && parts[STATUS_PART] === 'pending' && (parts[monthIndex] ?? '') < cutoffMonth,
  );
  const monthStart = `${cutoffMonth}-01T00:00:00.000Z`;
  const extra =
    filter.column && filter.value !== undefined
      ? sql`and v.${sql.ref(filter.column)} = ${filter.value}`
      : sql``;
  const result = await sql<{ count: number | string }>`
    select count(*) as count from ${sql.table(table)} v
    join users u on u.id = v.user_id and u.deleted_at is null
    where v.verification_status = 'pending' and v.submitted_at >= ${monthStart} and v.submitted_at < ${cutoff} ${extra}`.execute(
    db,
  );
  return before + toCount(result.rows[0]?.count);
}
