import type { ProviderVerificationReport, StatusDistribution } from '@kwanza/contract';
import { sql } from 'kysely';
import { type CounterBucket, sumAmounts, sumBuckets } from '../../db/counters.js';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { dialectOf, hoursBetween, monthOf } from '../../db/sql.js';
import {
  bucketMatches,
  type Filters,
  matchesFilters,
  needsRows,
  statusCounters,
  statusDistribution,
} from './provider-verifications.reads.js';
import { type Executor, urgentCutoff } from './verification-rules.js';

/* The provider verification report: per status, account and document type, month, processing time. */

function reportFilters(filters: Filters): ProviderVerificationReport['filters'] {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.is_business !== undefined ? { is_business: filters.is_business } : {}),
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.days !== undefined ? { days: filters.days } : {}),
  };
}

/** The report of the enum filters from the kept counters (status|business|document|month|processed). */
function reportFromCounters(
  buckets: CounterBucket[],
  filters: Filters,
  figures: { distribution: StatusDistribution; urgent: number; urgentHours: number },
): ProviderVerificationReport {
  const match = bucketMatches(filters);
  const count = (extra: (parts: string[]) => boolean) =>
    sumBuckets(buckets, (parts) => match(parts) && extra(parts));
  // One pass over the buckets per month and status (a pass per month and status cost a quarter of
  // the request's CPU: 4 × 36 months × 860 buckets at a million users).
  const months = new Map<string, ProviderVerificationReport['by_month'][number]>();
  for (const { parts, n } of buckets) {
    const month = parts[3] ?? '';
    if (month === '' || !match(parts)) continue;
    const row = months.get(month) ?? { month, total: 0, pending: 0, verified: 0, rejected: 0 };
    row.total += n;
    const status = parts[0];
    if (status === 'pending' || status === 'verified' || status === 'rejected') row[status] += n;
    months.set(month, row);
  }
  const processed = (parts: string[]) => match(parts) && parts[0] !== 'pending' && parts[4] === '1';
  const processedCount = sumBuckets(buckets, processed);
  const averageHours = processedCount === 0 ? null : sumAmounts(buckets, processed) / processedCount;
  return {
    filters: reportFilters(filters),
    status_distribution: figures.distribution,
    urgent_verifications: figures.urgent,
    by_account_type: {
      business: count(([, business]) => business === '1'),
      individual: count(([, business]) => business === '0'),
    },
    by_document_type: {
      id_card: count(([, , document]) => document === 'id_card'),
      passport: count(([, , document]) => document === 'passport'),
    },
    by_month: [...months.values()]
      .filter((row) => row.total > 0)
      .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0)),
    average_processing_hours: averageHours === null ? null : Math.round(averageHours * 10) / 10,
    urgent_after_hours: figures.urgentHours,
  };
}

/** The aggregated report: from the kept counters for enum filters, in SQL over the rows otherwise. */
export async function providerVerificationReport(
  db: Executor,
  dialect: Dialect,
  filters: Filters,
  now: Date,
  urgentHours: number,
): Promise<ProviderVerificationReport> {
  const base = () =>
    db
      .selectFrom('provider_verifications')
      .innerJoin('users', 'users.id', 'provider_verifications.user_id')
      .where((eb) => matchesFilters(eb, filters, now, dialectOf<Database>(db)));
  if (!needsRows(filters)) {
    // Its kept counters and the status figures' in one statement.
    const counters = statusCounters(db, urgentCutoff(now, urgentHours), [{ list: 'provider_verifications' }]);
    const [{ distribution, urgent }, [buckets]] = await Promise.all([
      statusDistribution(db, filters, now, urgentHours, counters),
      counters.extra(),
    ]);
    return reportFromCounters(buckets, filters, { distribution, urgent, urgentHours });
  }
  const { distribution, urgent } = await statusDistribution(db, filters, now, urgentHours);

  const accountTypes = await base()
    .select(['provider_verifications.is_business', (eb) => eb.fn.countAll().as('count')])
    .groupBy('provider_verifications.is_business')
    .execute();
  const documentTypes = await base()
    .select(['provider_verifications.document_type', (eb) => eb.fn.countAll().as('count')])
    .groupBy('provider_verifications.document_type')
    .execute();
  const month = monthOf(dialect, sql.ref<string>('provider_verifications.submitted_at'));
  const months = await base()
    .select((eb) => [
      month.as('month'),
      eb.fn.countAll().as('total'),
      eb.fn
        .count(eb.case().when('provider_verifications.verification_status', '=', 'pending').then(1).end())
        .as('pending'),
      eb.fn
        .count(eb.case().when('provider_verifications.verification_status', '=', 'verified').then(1).end())
        .as('verified'),
      eb.fn
        .count(eb.case().when('provider_verifications.verification_status', '=', 'rejected').then(1).end())
        .as('rejected'),
    ])
    .groupBy(month)
    .orderBy(month)
    .execute();
  const processing = await base()
    .where('provider_verifications.verification_status', '!=', 'pending')
    .where('provider_verifications.verified_at', 'is not', null)
    .select((eb) =>
      eb.fn
        .avg(
          hoursBetween(
            dialect,
            sql.ref<string>('provider_verifications.submitted_at'),
            sql.ref<string | null>('provider_verifications.verified_at'),
          ),
        )
        .as('hours'),
    )
    .executeTakeFirst();

  const countOf = <T>(
    rows: readonly (T & { count: string | number | bigint })[],
    match: (row: T) => boolean,
  ) => Number(rows.find((row) => match(row))?.count ?? 0);
  const averageHours =
    processing?.hours === null || processing?.hours === undefined ? null : Number(processing.hours);

  return {
    filters: reportFilters(filters),
    status_distribution: distribution,
    urgent_verifications: urgent,
    by_account_type: {
      business: countOf(accountTypes, (row) => Boolean(row.is_business)),
      individual: countOf(accountTypes, (row) => !row.is_business),
    },
    by_document_type: {
      id_card: countOf(documentTypes, (row) => row.document_type === 'id_card'),
      passport: countOf(documentTypes, (row) => row.document_type === 'passport'),
    },
    by_month: months.map((row) => ({
      month: String(row.month),
      total: Number(row.total),
      pending: Number(row.pending),
      verified: Number(row.verified),
      rejected: Number(row.rejected),
    })),
    average_processing_hours:
      averageHours === null || Number.isNaN(averageHours) ? null : Math.round(averageHours * 10) / 10,
    urgent_after_hours: urgentHours,
  };
}
