import type { MonthCount } from '@kwanza/contract';

/** The 12 YYYY-MM keys (UTC) ending with the month of `now`, oldest first. */
export function lastTwelveMonths(now: Date): string[] {
  const keys: string[] = [];
  for (let back = 11; back >= 0; back -= 1) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    keys.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return keys;
}

/** Start (inclusive) of the UTC month `offset` months after the month of `now`, as an ISO string. */
export function monthStartIso(now: Date, offset = 0): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString();
}

/** Every month key with its count from the SQL aggregate, 0 when the aggregate has no row for it. */
export function fillMonths(
  keys: readonly string[],
  rows: readonly { month: string; count: number | string }[],
): MonthCount[] {
  const counts = new Map(rows.map((row) => [row.month, Number(row.count)]));
  return keys.map((month) => ({ month, count: counts.get(month) ?? 0 }));
}
