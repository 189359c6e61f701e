/* The list periods of the console (conversations by last activity, notifications by creation). */

const DAY = 24 * 60 * 60_000;
/** Angola (Africa/Luanda) is UTC+1 all year: "today" starts at midnight there. */
const LUANDA_OFFSET = 60 * 60_000;

export type ListPeriod = 'today' | 'week' | 'month';

/** A sliding period's length (ms): week 7 days, month 30 days; null for today (since midnight). */
export function periodLength(period: ListPeriod): number | null {
  return period === 'today' ? null : (period === 'week' ? 7 : 30) * DAY;
}

/** First instant of a period (inclusive): today since midnight in Luanda, week 7 days, month 30 days. */
export function periodStart(period: ListPeriod, now: Date): Date {
  const length = periodLength(period);
  if (length === null) return new Date(nextLuandaMidnight(now) - DAY);
  return new Date(now.getTime() - length);
}

/** The next midnight in Luanda after `now` (ms since the epoch): when "today" starts again. */
export function nextLuandaMidnight(now: Date): number {
  return (Math.floor((now.getTime() + LUANDA_OFFSET) / DAY) + 1) * DAY - LUANDA_OFFSET;
}
