/* The list periods of the console (conversations by last activity, notifications by creation). */

const DAY = 24 * 60 * 60_000;
/** Angola (Africa/Luanda) is UTC+1 all year: "today" starts at midnight there. */
const LUANDA_OFFSET = 60 * 60_000;

export type ListPeriod = 'today' | 'week' | 'month';

/** First instant of a period (inclusive): today since midnight in Luanda, week 7 days, month 30 days. */
export function periodStart(period: ListPeriod, now: Date): Date {
  const nowMs = now.getTime();
  if (period === 'today') return new Date(Math.floor((nowMs + LUANDA_OFFSET) / DAY) * DAY - LUANDA_OFFSET);
  return new Date(nowMs - (period === 'week' ? 7 : 30) * DAY);
}
