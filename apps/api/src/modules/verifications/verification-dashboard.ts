import type { PendingVerificationSummary, VerificationDashboard } from '@kwanza/contract';
import { sql } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import { dialectOf } from '../../db/sql.js';
import { displayName } from '../../lib/display-name.js';
import {
  isUrgent,
  matchesFilters,
  selectVerifications,
  statusCounters,
  statusDistribution,
  type VerificationReadContext,
} from './provider-verifications.reads.js';
import {
  earliestDay,
  pendingCounts,
  pendingReads,
  processedSince,
  statusFigures,
  urgentCount,
} from './verification-figures.js';
import { type Executor, urgentCutoff } from './verification-rules.js';

/* The verification summary of the console's dashboard (providers and clients). */

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function startOfUtcWeek(now: Date): Date {
  const day = startOfUtcDay(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 3600 * 1000);
}

/** No filter of these reads a time (only a submission window does). */
const NO_WINDOW = new Date(0);

/** How many of the newest pending verifications the dashboard shows. */
const LATEST_PENDING_COUNT = 5;

/**
 * The five newest pending verifications, their users' names: built and compiled once (its values
 * never change: the pending, five), named on PostgreSQL, where Kysely built it on every request.
 * The five is written in the statement: bound as `limit $2`, PostgreSQL's generic plan (which does not
 * know how many rows) cost more than the planned ones at a million users, so every run was planned
 * again (0 generic plans in 30 runs, 0.3 ms of planning each).
 */
const LATEST_PENDING = precompiled(0, (db) => {
  const latestIds = db
    .selectFrom('provider_verifications')
    .where((eb) => matchesFilters(eb, { status: 'pending' }, NO_WINDOW, dialectOf<Database>(db)))
    .select('provider_verifications.id')
    .orderBy('provider_verifications.submitted_at', 'desc')
    .orderBy('provider_verifications.id', 'desc')
    .limit(sql.lit(LATEST_PENDING_COUNT));
  return selectVerifications(db, {}, NO_WINDOW)
    .where('provider_verifications.id', 'in', latestIds)
    .orderBy('provider_verifications.submitted_at', 'desc')
    .orderBy('provider_verifications.id', 'desc');
});

/** The verification summary of `GET /api/dashboard/`. */
export async function verificationDashboard(
  db: Executor,
  context: VerificationReadContext,
): Promise<VerificationDashboard> {
  const { now, urgentHours } = context;
  const cutoff = urgentCutoff(now, urgentHours);
  const today = startOfUtcDay(now);
  const week = startOfUtcWeek(now);
  // Every kept counter it reads, in one statement (four were sent apart, each a round trip).
  const counters = statusCounters(db, cutoff, [
    { list: 'client_verifications', withoutMonth: true },
    { list: 'pv_processed_day', from: earliestDay([today, week]) },
    ...pendingReads('client_verifications', cutoff),
  ]);
  const extra = (index: 0 | 1) => counters.extra().then((sets) => sets[index]);
  // Independent reads, sent together: on PostgreSQL one after the other cost nine round trips.
  const [providerStats, clientBuckets, clientUrgent, latest, [processedToday, processedThisWeek]] =
    await Promise.all([
      statusDistribution(db, {}, now, urgentHours, counters),
      extra(0),
      urgentCount(db, 'client_verifications', cutoff, {}, () =>
        counters.extra().then((sets) => pendingCounts(cutoff, sets.slice(2))),
      ),
      LATEST_PENDING.execute(db),
      processedSince(db, [today, week], () => extra(1)),
    ]);
  const latestPending: PendingVerificationSummary[] = latest.map((row) => ({
    id: row.id,
    provider_name: displayName(row),
    provider_email: row.email,
    is_business: row.is_business,
    submitted_at: row.submitted_at,
    is_urgent: isUrgent(row.verification_status, row.submitted_at, context),
  }));
  return {
    providers: {
      pending: providerStats.distribution.pending,
      urgent: providerStats.urgent,
      processed_today: processedToday,
      processed_this_week: processedThisWeek,
    },
    clients: { pending: statusFigures(clientBuckets, () => true).pending, urgent: clientUrgent },
    latest_pending: latestPending,
    urgent_after_hours: urgentHours,
  };
}
