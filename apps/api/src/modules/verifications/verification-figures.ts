import type { StatusDistribution } from '@kwanza/contract';
import { type RawBuilder, sql } from 'kysely';
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
  return (
    before +
    (await countOfLiveUsers(
      db,
      table,
      sql`v.verification_status = 'pending' and v.submitted_at >= ${monthStart} and v.submitted_at < ${cutoff} ${extra}`,
    ))
  );
}

/**
 * Verifications (alias `v`) matching `condition` whose user is not deleted, counted without visiting
 * a user per row: the matches (an index range: `(verification_status, submitted_at)` or
 * `(verified_at, verification_status)`) minus those of deleted users, found from the few deleted
 * users (`users_deleted_at_idx`). A month of a busy queue is tens of thousands of rows, whose users
 * read one by one cost a tenth of a second at a million users; their index entries, a few ms.
 */
export async function countOfLiveUsers(
  db: Executor,
  table: VerificationTable,
  condition: RawBuilder<unknown>,
): Promise<number> {
  const result = await sql<{ all_rows: number | string; of_deleted: number | string }>`
    select
      (select count(*) from ${sql.table(table)} v where ${condition}) as all_rows,
      (select count(*) from users u cross join ${sql.table(table)} v
        where u.deleted_at is not null and v.user_id = u.id and ${condition}) as of_deleted`.execute(db);
  const row = result.rows[0];
  return toCount(row?.all_rows) - toCount(row?.of_deleted);
}
