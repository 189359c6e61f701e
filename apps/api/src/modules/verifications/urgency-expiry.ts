import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { answerMayBeKept, keepAnswerUntil } from '../../plugins/kept-responses.js';
import type { VerificationTable } from './verification-figures.js';
import { type Executor, urgentCutoff } from './verification-rules.js';

/*
 * Figures with an urgent count (a verification pending for more than VERIFICATION_URGENT_HOURS)
 * change by the clock alone when a pending verification turns urgent: a kept answer of them
 * (plugins/kept-responses.ts) is served until the next one does, no longer.
 */

const HOUR_MS = 3600 * 1000;

/**
 * When the first pending verification of `table` whose user is not deleted, not yet urgent at `now`,
 * turns urgent (ms since the epoch; infinity when none will): one read of the live rows'
 * `(verification_status, submitted_at)` index, as `nextUrgency` does over a page's rows.
 */
export async function nextPendingUrgency(
  db: Executor,
  table: VerificationTable,
  now: Date,
  urgentHours: number,
): Promise<number> {
  const { rows } = await sql<{ first: string | Date | null }>`
    select min(v.submitted_at) as first from ${sql.table(table)} v
    where v.verification_status = 'pending' and v.user_deleted_at is null
      and v.submitted_at >= ${urgentCutoff(now, urgentHours)}`.execute(db);
  const first = rows[0]?.first;
  return first === null || first === undefined
    ? Number.POSITIVE_INFINITY
    : new Date(first).getTime() + urgentHours * HOUR_MS;
}

/**
 * The answer being written for `request` counts the urgent verifications of `tables` at `now`: kept,
 * it is served until one more of them turns urgent. Reads nothing when the answer is not kept.
 */
export async function keepUntilNextUrgency(
  request: FastifyRequest,
  db: Executor,
  tables: readonly VerificationTable[],
  now: Date,
  urgentHours: number,
): Promise<void> {
  if (!answerMayBeKept(request)) return;
  for (const table of tables) {
    keepAnswerUntil(request, await nextPendingUrgency(db, table, now, urgentHours));
  }
}

/**
 * Figures with the urgent count of `tables`, computed by `compute` at the request's time, and kept
 * (when they may be) until one more of those verifications turns urgent.
 */
export async function urgentFigures<T>(
  request: FastifyRequest,
  app: FastifyInstance,
  tables: readonly VerificationTable[],
  compute: (now: Date, urgentHours: number) => Promise<T>,
): Promise<T> {
  const now = new Date();
  const urgentHours = app.config.verificationUrgentHours;
  const answer = await compute(now, urgentHours);
  await keepUntilNextUrgency(request, app.db, tables, now, urgentHours);
  return answer;
}
