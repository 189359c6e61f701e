import type { DashboardStats } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import { countByPart, readCounters, sumAmounts, sumBuckets } from '../../db/counters.js';
import type { Database } from '../../db/schema.js';
import { displayName } from '../../lib/display-name.js';
import { lastTwelveMonths } from '../../lib/months.js';

const RECENT_LIMIT = 5;
const ACTIVE_PROJECT = new Set(['open', 'in_progress']);
const OPEN_DISPUTE = new Set(['open', 'under_review']);

/** YYYY-MM (UTC) of the month `offset` months after the month of `now`. */
function monthKey(now: Date, offset: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

/** Sums of prices kept as floating point on SQLite: back to cents. */
function roundAmount(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Dashboard figures, from the kept counters (no scan of any history) and the five newest projects and
 * disputes. `now` decides what "this month" and the 12 months of registrations are (UTC), so tests can
 * pin it. Soft-deleted users are never counted.
 */
export async function getDashboardStats(
  db: Kysely<Database>,
  now: Date = new Date(),
): Promise<DashboardStats> {
  const thisMonth = monthKey(now, 0);
  const lastMonth = monthKey(now, -1);
  const months = lastTwelveMonths(now);
  const [users, usersByMonth, projects, disputes, offers, recentProjects, recentDisputes] = await Promise.all(
    [
      readCounters(db, 'users_state'),
      readCounters(db, 'users_month'),
      readCounters(db, 'projects_month'),
      readCounters(db, 'disputes'),
      readCounters(db, 'offers'),
      db
        .selectFrom('projects')
        .innerJoin('users as client', 'client.id', 'projects.client_id')
        .select([
          'projects.id',
          'projects.title',
          'projects.status',
          'projects.created_at',
          'client.first_name',
          'client.last_name',
          'client.username',
        ])
        .orderBy('projects.created_at', 'desc')
        .orderBy('projects.id', 'desc')
        .limit(RECENT_LIMIT)
        .execute(),
      db
        .selectFrom('disputes')
        .innerJoin('users as client', 'client.id', 'disputes.client_id')
        .select([
          'disputes.id',
          'disputes.title',
          'disputes.status',
          'disputes.created_at',
          'client.first_name',
          'client.last_name',
          'client.username',
        ])
        .orderBy('disputes.created_at', 'desc')
        .orderBy('disputes.id', 'desc')
        .limit(RECENT_LIMIT)
        .execute(),
    ],
  );
  // users_state: role|verification|phone; users_month: role|month; projects_month, disputes and
  // offers: status|month.
  const joinedIn = (month: string) => sumBuckets(usersByMonth, (parts) => parts[1] === month);
  const activeProjectsIn = (month: string) =>
    sumBuckets(projects, ([status, created]) => ACTIVE_PROJECT.has(status ?? '') && created === month);
  const openDisputes = (month?: string) =>
    sumBuckets(
      disputes,
      ([status, created]) => OPEN_DISPUTE.has(status ?? '') && (!month || created === month),
    );
  const revenueIn = (month: string) =>
    sumAmounts(offers, ([status, created]) => status === 'accepted' && created === month);
  const registrations = countByPart(usersByMonth, 1, months);

  return {
    totals: {
      users: sumBuckets(users),
      providers: sumBuckets(users, ([role]) => role === 'provider'),
      projects: sumBuckets(projects),
      disputes: sumBuckets(disputes),
      open_disputes: openDisputes(),
    },
    this_month: {
      new_users: joinedIn(thisMonth),
      active_projects: activeProjectsIn(thisMonth),
      open_disputes: openDisputes(thisMonth),
      revenue: roundAmount(revenueIn(thisMonth)),
    },
    last_month: {
      new_users: joinedIn(lastMonth),
      active_projects: activeProjectsIn(lastMonth),
      open_disputes: openDisputes(lastMonth),
      revenue: roundAmount(revenueIn(lastMonth)),
    },
    user_registrations: months.map((month) => ({ month, count: registrations[month] ?? 0 })),
    recent_activity: {
      projects: recentProjects.map((row) => ({
        id: row.id,
        title: row.title,
        client_name: displayName(row),
        status: row.status,
        created_at: row.created_at,
      })),
      disputes: recentDisputes.map((row) => ({
        id: row.id,
        title: row.title,
        status: row.status,
        created_at: row.created_at,
        client_name: displayName(row),
      })),
    },
  };
}
