import { type DashboardStats, DisputeStatus, ProjectStatus } from '@kwanza/contract';
import { type Kysely, sql } from 'kysely';
import { countByPart, readCounterSets, sumAmounts, sumBuckets } from '../../db/counters.js';
import { precompiled } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import { displayName } from '../../lib/display-name.js';
import { lastTwelveMonths } from '../../lib/months.js';

const RECENT_LIMIT = 5;
const ACTIVE_PROJECT = new Set(['open', 'in_progress']);
const OPEN_DISPUTE = new Set(['open', 'under_review']);

/**
 * The kept counters the dashboard reads, in one statement: users by state; users by month from the
 * first of the twelve months it shows; projects, disputes and offers by month from last month, the
 * earlier months summed by the database (483 buckets turned into objects at each request at a million
 * users, 88 now: a loaded process spent a third of its time collecting them).
 */
function dashboardReads(firstMonth: string, lastMonth: string) {
  return [
    { list: 'users_state' },
    { list: 'users_month', monthsFrom: firstMonth },
    { list: 'projects_month', monthsFrom: lastMonth },
    { list: 'disputes', monthsFrom: lastMonth },
    { list: 'offers', monthsFrom: lastMonth },
  ] as const;
}

/*
 * The five newest projects and disputes with their clients' names, in one statement (one round trip
 * to PostgreSQL where two were sent): without values, compiled once (db/precompiled) and, on
 * PostgreSQL, planned once (1.1 ms of planning each, at a million users, against 0.1 to run). Each
 * side walks its own time index in a subquery; a UNION ALL keeps no order, so they are sorted here.
 */
const newestProjectsAndDisputes = precompiled(0, (db) => {
  const newest = (table: 'projects' | 'disputes') =>
    db
      .selectFrom(table)
      .innerJoin('users as client', 'client.id', `${table}.client_id`)
      .select([
        sql.lit(table).as('kind'),
        `${table}.id`,
        `${table}.title`,
        `${table}.status`,
        `${table}.created_at`,
        'client.first_name',
        'client.last_name',
        'client.username',
      ])
      .orderBy(`${table}.created_at`, 'desc')
      .orderBy(`${table}.id`, 'desc')
      .limit(sql.lit(RECENT_LIMIT));
  return db
    .selectFrom(newest('projects').as('newest_projects'))
    .selectAll()
    .unionAll(db.selectFrom(newest('disputes').as('newest_disputes')).selectAll());
});

type NewestRow = Awaited<ReturnType<typeof newestProjectsAndDisputes.execute>>[number];

/** The rows of one kind, newest first. */
function newestOf(rows: readonly NewestRow[], kind: 'projects' | 'disputes'): NewestRow[] {
  return rows
    .filter((row) => row.kind === kind)
    .sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1));
}

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
  const [counters, newest] = await Promise.all([
    readCounterSets(db, dashboardReads(months[0] ?? thisMonth, lastMonth)),
    newestProjectsAndDisputes.execute(db),
  ]);
  const recentProjects = newestOf(newest, 'projects');
  const recentDisputes = newestOf(newest, 'disputes');
  const [users, usersByMonth, projects, disputes, offers] = counters;
  // users_state: role|verification|phone; users_month: role|month; projects_month, disputes and
  // offers: status|month (month '' for the months before last month's).
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
        status: ProjectStatus.parse(row.status),
        created_at: row.created_at,
      })),
      disputes: recentDisputes.map((row) => ({
        id: row.id,
        title: row.title,
        status: DisputeStatus.parse(row.status),
        created_at: row.created_at,
        client_name: displayName(row),
      })),
    },
  };
}
