import type { FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { answerMayBeKept, keepAnswerUntil } from '../plugins/kept-responses.js';
import { type ListPeriod, nextLuandaMidnight, periodLength, periodStart } from './periods.js';

/*
 * A list or a figure over a period (the conversations' and the notifications' `period`, the
 * verifications' `days`, the conversations active in the last 24 hours) changes by the clock alone
 * when a row leaves the period: a kept answer of it (plugins/kept-responses.ts) is served until then,
 * no longer. "Today" loses its rows at the next midnight in Luanda; a sliding window (7 or 30 days,
 * 24 hours) loses its oldest row when that row is older than the window.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** A table and its time column that a period reads. */
export interface PeriodColumn {
  table: 'conversations' | 'notifications' | 'provider_verifications';
  column: 'last_activity_at' | 'created_at' | 'submitted_at';
  /**
   * Only the rows whose user is not deleted are listed (the verifications): read through the live
   * rows' index of the column (migration 0030), the only one it leads.
   */
  liveOnly?: true;
}

/** The periods' columns of the console: each leads an index (tested, period-expiry.sqlite.api.test.ts). */
export const PERIOD_COLUMNS = {
  conversations: { table: 'conversations', column: 'last_activity_at' },
  notifications: { table: 'notifications', column: 'created_at' },
  providerVerifications: { table: 'provider_verifications', column: 'submitted_at', liveOnly: true },
} as const satisfies Record<string, PeriodColumn>;

/**
 * When the oldest row of `on` at or after `start` leaves a window of `lengthMs` that starts there
 * (ms since the epoch; infinity when no row is in it): one read of the column's index. Rows the
 * answer's other filters leave out only make that instant earlier, never later.
 */
export async function windowLosesARowAt(
  db: Executor,
  on: PeriodColumn,
  start: Date,
  lengthMs: number,
): Promise<number> {
  const { rows } = await sql<{ first: string | Date | null }>`
    select min(${sql.ref(on.column)}) as first from ${sql.table(on.table)}
    where ${sql.ref(on.column)} >= ${start.toISOString()}
      ${on.liveOnly ? sql`and user_deleted_at is null` : sql``}`.execute(db);
  const first = rows[0]?.first;
  return first === null || first === undefined
    ? Number.POSITIVE_INFINITY
    : new Date(first).getTime() + lengthMs;
}

/**
 * The answer being written for `request` reads the rows of `on` within the window of `lengthMs`
 * before `now`: kept, it is served until its oldest row leaves. Reads nothing when it is not kept.
 */
export async function keepUntilWindowMoves(
  request: FastifyRequest,
  db: Executor,
  on: PeriodColumn,
  now: Date,
  lengthMs: number,
): Promise<void> {
  if (!answerMayBeKept(request)) return;
  keepAnswerUntil(request, await windowLosesARowAt(db, on, new Date(now.getTime() - lengthMs), lengthMs));
}

/** The same for a list period of the console (`periodStart`). */
export async function keepUntilPeriodMoves(
  request: FastifyRequest,
  db: Executor,
  on: PeriodColumn,
  period: ListPeriod,
  now: Date,
): Promise<void> {
  if (!answerMayBeKept(request)) return;
  const length = periodLength(period);
  keepAnswerUntil(
    request,
    length === null
      ? nextLuandaMidnight(now)
      : await windowLosesARowAt(db, on, periodStart(period, now), length),
  );
}
