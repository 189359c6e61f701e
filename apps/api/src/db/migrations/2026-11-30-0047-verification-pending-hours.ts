import { installFollowerRollups } from './support/counters.js';

/*
 * Frozen in time: no application imports.
 *
 * Pending verifications by hour submitted, kept by the same triggers as their lists (see `hours` in
 * support/counters.ts) and, like them, counting only the rows of users not deleted: `pv_pending_hour`
 * (hour, account type) and `cv_pending_hour` (hour); every other row in a '-' bucket. "Urgent"
 * (pending since before a cutoff) then sums the kept days before the cutoff's day (`pv_pending_day`,
 * `cv_pending_day`), the kept hours of that day before the cutoff's hour, and counts through the index
 * at most half an hour of arrivals, where it counted up to half a day's (10,000 index entries, 0.2 ms,
 * twice on the dashboard, at a million users).
 */

/* The support module's own database type (migrations run against the schema as it was, untyped). */
type AnyDb = Parameters<typeof installFollowerRollups>[0];

export async function up(db: AnyDb): Promise<void> {
  await installFollowerRollups(db, { rollups: true });
}

export async function down(db: AnyDb): Promise<void> {
  await installFollowerRollups(db, { rollups: true, hourRollups: false });
}
