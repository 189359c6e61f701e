import type { DashboardStats } from '@kwanza/contract';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { monthOf } from '../../db/sql.js';
import { fillMonths, lastTwelveMonths, monthStartIso } from '../projects/months.js';
import { displayName } from '../projects/projects.repository.js';

const RECENT_LIMIT = 5;

/** `sum(case when condition then 1 else 0 end)`: a count of the rows matching a condition. */
function countWhere<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, condition: Expression<SqlBool>) {
  return eb.fn.sum<number | string | null>(eb.case().when(condition).then(eb.lit(1)).else(eb.lit(0)).end());
}

function toCount(value: number | string | null | undefined): number {
  return Number(value ?? 0);
}

interface MonthBounds {
  thisMonth: string;
  nextMonth: string;
  lastMonth: string;
}

/**
 * Dashboard figures. `now` decides what "this month" and the 12 months of registrations are (UTC),
 * so tests can pin it. Soft-deleted users are never counted.
 */
export async function getDashboardStats(
  db: Kysely<Database>,
  dialect: Dialect,
  now: Date = new Date(),
): Promise<DashboardStats> {
  const bounds: MonthBounds = {
    lastMonth: monthStartIso(now, -1),
    thisMonth: monthStartIso(now),
    nextMonth: monthStartIso(now, 1),
  };
  const joinedMonth = monthOf(dialect, 'date_joined');

  const [users, projects, disputes, revenue, registrations, recentProjects, recentDisputes] =
    await Promise.all([
      db
        .selectFrom('users')
        .where('deleted_at', 'is', null)
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          countWhere(eb, eb('role', '=', 'provider')).as('providers'),
          countWhere(
            eb,
            eb.and([eb('date_joined', '>=', bounds.thisMonth), eb('date_joined', '<', bounds.nextMonth)]),
          ).as('this_month'),
          countWhere(
            eb,
            eb.and([eb('date_joined', '>=', bounds.lastMonth), eb('date_joined', '<', bounds.thisMonth)]),
          ).as('last_month'),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('projects')
        .select((eb) => {
          const active = eb('status', 'in', ['open', 'in_progress']);
          return [
            eb.fn.countAll<number>().as('total'),
            countWhere(
              eb,
              eb.and([
                active,
                eb('created_at', '>=', bounds.thisMonth),
                eb('created_at', '<', bounds.nextMonth),
              ]),
            ).as('active_this_month'),
            countWhere(
              eb,
              eb.and([
                active,
                eb('created_at', '>=', bounds.lastMonth),
                eb('created_at', '<', bounds.thisMonth),
              ]),
            ).as('active_last_month'),
          ];
        })
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('disputes')
        .select((eb) => {
          const open = eb('status', 'in', ['open', 'under_review']);
          return [
            eb.fn.countAll<number>().as('total'),
            countWhere(eb, open).as('open'),
            countWhere(
              eb,
              eb.and([
                open,
                eb('created_at', '>=', bounds.thisMonth),
                eb('created_at', '<', bounds.nextMonth),
              ]),
            ).as('open_this_month'),
            countWhere(
              eb,
              eb.and([
                open,
                eb('created_at', '>=', bounds.lastMonth),
                eb('created_at', '<', bounds.thisMonth),
              ]),
            ).as('open_last_month'),
          ];
        })
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('offers')
        .where('status', '=', 'accepted')
        .select((eb) => [
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when(eb('created_at', '>=', bounds.thisMonth))
                .then(eb.ref('proposed_price'))
                .else(eb.lit(0))
                .end(),
            )
            .as('this_month'),
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when(eb('created_at', '<', bounds.thisMonth))
                .then(eb.ref('proposed_price'))
                .else(eb.lit(0))
                .end(),
            )
            .as('last_month'),
        ])
        .where('created_at', '>=', bounds.lastMonth)
        .where('created_at', '<', bounds.nextMonth)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('users')
        .where('deleted_at', 'is', null)
        .where('date_joined', '>=', monthStartIso(now, -11))
        .where('date_joined', '<', bounds.nextMonth)
        .select((eb) => [joinedMonth.as('month'), eb.fn.countAll<number>().as('count')])
        .groupBy(joinedMonth)
        .execute(),
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
    ]);

  return {
    totals: {
      users: toCount(users.total),
      providers: toCount(users.providers),
      projects: toCount(projects.total),
      disputes: toCount(disputes.total),
      open_disputes: toCount(disputes.open),
    },
    this_month: {
      new_users: toCount(users.this_month),
      active_projects: toCount(projects.active_this_month),
      open_disputes: toCount(disputes.open_this_month),
      revenue: toCount(revenue.this_month),
    },
    last_month: {
      new_users: toCount(users.last_month),
      active_projects: toCount(projects.active_last_month),
      open_disputes: toCount(disputes.open_last_month),
      revenue: toCount(revenue.last_month),
    },
    user_registrations: fillMonths(lastTwelveMonths(now), registrations),
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
