/*
 * Deep pages of a list ordered newest first (a timestamp, then the id), without walking the order
 * index past every row before the page.
 *
 * The kept counters tell how many rows of the filtered list each month holds, and each day for the
 * lists that keep day rollups (`list_counters`, kept exact by triggers in the same transaction as
 * every write). Walking the months newest first finds the month that holds the page's first row and
 * how many rows the newer months hold; that month's days, the day. The page then starts at the end of
 * that day (`created_at < first instant of the next day`, a range of the same order index) with the
 * rest of the offset, the rows of that day before the page. At a million users, page 5,000 of the
 * users (offset 100,000) walked 100,000 index entries (1.1 ms of SQL), inside the newest month
 * (137,881 sign-ups); it now walks at most a day of sign-ups. Shallow pages keep the plain offset:
 * below DEEP_PAGE_OFFSET the walk costs less than reading the counters. A list ordered oldest first
 * (the pending verifications' queue) walks the periods from the oldest and starts at its day's
 * first instant (`submitted_at >= …`).
 *
 * The counters and the page are read by separate statements, as the count beside every page already
 * is: a row written between them moves the page by one row, as it would a moment later anyway.
 */

/** From this offset on, a page starts from the counters' months and days. */
export const DEEP_PAGE_OFFSET = 5000;

/** Where a page starts: `offset` rows after the list's start, or after `before` / from `from` when given. */
export interface PageStart {
  offset: number;
  /** Newest first: the rows from this instant on (ISO 8601, UTC) are all before the page (an index range skips them). */
  before?: string;
  /** Oldest first: the rows before this instant are all before the page. */
  from?: string;
  /**
   * The rows of the filtered list by the counters' months, when the page read them (a deep page):
   * its exact total, as the kept counters tell it.
   */
  listed?: number;
}

/** A list's order: newest first (most lists) or oldest first (a processing queue). */
export type PageOrder = 'newest' | 'oldest';

/** A period ('YYYY-MM', 'YYYY-MM-DD' or 'YYYY-MM-DDTHH') and how many rows of the filtered list it holds. */
export type PeriodCount = readonly [period: string, rows: number];

/** Where to read the rows per period of a filtered list, newest first. */
export interface PeriodSources {
  months: () => Promise<readonly PeriodCount[]>;
  /** The days of `month` ('YYYY-MM'), for the lists that keep day rollups. */
  days?: (month: string) => Promise<readonly PeriodCount[]>;
  /** The hours of `day` ('YYYY-MM-DD'), for a list whose days are too full to walk (the audit journal). */
  hours?: (day: string) => Promise<readonly PeriodCount[]>;
}

const PERIOD = /^(\d{4})-(\d{2})(?:-(\d{2})(?:T(\d{2}))?)?$/;

/** A period's first instant and the first instant after it, in milliseconds (UTC). */
function periodBounds(period: string): { start: number; end: number } {
  const match = PERIOD.exec(period);
  const [year, month, day, hour] = (match?.slice(1) ?? []).map((part) =>
    part === undefined ? undefined : Number(part),
  );
  if (!year || !month) throw new Error(`période invalide : ${period}`);
  // Date.UTC's month is 0-based.
  if (day === undefined) return { start: Date.UTC(year, month - 1, 1), end: Date.UTC(year, month, 1) };
  if (hour === undefined)
    return { start: Date.UTC(year, month - 1, day), end: Date.UTC(year, month - 1, day + 1) };
  return { start: Date.UTC(year, month - 1, day, hour), end: Date.UTC(year, month - 1, day, hour + 1) };
}

/** The first instant (ISO 8601, UTC) after the period `period` ('YYYY-MM', 'YYYY-MM-DD' or 'YYYY-MM-DDTHH'). */
export function endOfPeriod(period: string): string {
  return new Date(periodBounds(period).end).toISOString();
}

/** The first instant (ISO 8601, UTC) of the period `period` ('YYYY-MM', 'YYYY-MM-DD' or 'YYYY-MM-DDTHH'). */
export function startOfPeriod(period: string): string {
  return new Date(periodBounds(period).start).toISOString();
}

/** The period (index among `periods`, in the list's order) holding row `offset`, and the rows of the earlier ones. */
function locate(periods: readonly PeriodCount[], offset: number): { index: number; earlier: number } | null {
  let earlier = 0;
  for (const [index, [, rows]] of periods.entries()) {
    if (offset < earlier + rows) return { index, earlier };
    earlier += rows;
  }
  return null;
}

/**
 * A page past the rows the counters hold: it starts beyond their last period in the list's order
 * (before the oldest month's first instant, newest first), where the index range holds nothing, with
 * the rest of the offset. Walking the whole filtered list to find an empty page cost what every
 * other row cost (9 ms on PostgreSQL for page 5,000 of 32,792 'system' notifications).
 */
function pastTheEnd(offset: number, periods: readonly PeriodCount[], order: PageOrder): PageStart {
  const last = periods.at(-1);
  if (!last) return { offset };
  const rest = offset - rowsOf(periods);
  return order === 'newest'
    ? { offset: rest, before: startOfPeriod(last[0]) }
    : { offset: rest, from: endOfPeriod(last[0]) };
}

/** The rows the periods hold together. */
function rowsOf(periods: readonly PeriodCount[]): number {
  return periods.reduce((sum, [, rows]) => sum + rows, 0);
}

let deepFrom = DEEP_PAGE_OFFSET;

/** Tests: deep pages from `offset` on (a few hundred rows then have deep pages under every filter). */
export function setDeepPageOffsetForTests(offset: number): void {
  deepFrom = offset;
}

/**
 * The page's start: from the counters' months and days (read only for a deep page), else the plain
 * offset. Oldest first, the periods are walked from the oldest and the page starts at its day's
 * first instant.
 */
export async function deepPageStart(
  offset: number,
  sources: PeriodSources,
  order: PageOrder = 'newest',
): Promise<PageStart> {
  if (offset < deepFrom) return { offset };
  const months = await sources.months();
  return { ...(await startAmong(offset, months, sources, order)), listed: rowsOf(months) };
}

/** `deepPageStart` once the months are read. */
async function startAmong(
  offset: number,
  byMonth: readonly PeriodCount[],
  sources: PeriodSources,
  order: PageOrder,
): Promise<PageStart> {
  const inOrder = (periods: readonly PeriodCount[]) =>
    order === 'newest' ? periods : [...periods].reverse();
  const bound = (period: string) =>
    order === 'newest' ? { before: endOfPeriod(period) } : { from: startOfPeriod(period) };
  const months = inOrder(byMonth);
  const inMonths = locate(months, offset);
  const month = inMonths ? months[inMonths.index] : undefined;
  if (!inMonths || !month) return pastTheEnd(offset, months, order);
  const inMonth = offset - inMonths.earlier;
  const days = inOrder(sources.days ? await sources.days(month[0]) : []);
  const inDays = locate(days, inMonth);
  const day = inDays ? days[inDays.index] : undefined;
  if (inDays && day) {
    const inDay = inMonth - inDays.earlier;
    const hours = inOrder(sources.hours ? await sources.hours(day[0]) : []);
    const inHours = locate(hours, inDay);
    const hour = inHours ? hours[inHours.index] : undefined;
    const first = inMonths.index === 0 && inDays.index === 0;
    if (inHours && hour) {
      // In the list's first hour, the list's own start is the hour's.
      if (first && inHours.index === 0) return { offset };
      return { offset: inDay - inHours.earlier, ...bound(hour[0]) };
    }
    // In the list's first day, the list's own start is the day's.
    if (first) return { offset };
    return { offset: inDay, ...bound(day[0]) };
  }
  // No days kept (or a write between the two reads moved the row out of the month's days): the
  // month's bound.
  return inMonths.index === 0 ? { offset } : { offset: inMonth, ...bound(month[0]) };
}
