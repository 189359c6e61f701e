/*
 * The time an endpoint's statements take through the API, for the bench's API/driver ratio. A request
 * may run several statements side by side (the verification dashboard reads its counters and two
 * counts at once, on separate connections): adding their durations counted the time they overlap
 * once per statement, more than the request spent on them, while the bare driver runs them one after
 * the other. What the API spends is the time at least one of them runs.
 */

/** A statement's run, from its start to its end (milliseconds, one clock). */
export interface StatementSpan {
  start: number;
  end: number;
}

/**
 * The time during which at least one of `spans` runs: the sum of their durations when none overlaps
 * another, less by what they share when some do.
 */
export function busyTime(spans: readonly StatementSpan[]): number {
  const ordered = [...spans].sort((a, b) => a.start - b.start);
  let total = 0;
  let runStart = Number.NaN;
  let runEnd = Number.NEGATIVE_INFINITY;
  for (const { start, end } of ordered) {
    if (start > runEnd) {
      if (runEnd > runStart) total += runEnd - runStart;
      runStart = start;
      runEnd = end;
    } else if (end > runEnd) runEnd = end;
  }
  if (runEnd > runStart) total += runEnd - runStart;
  return total;
}
