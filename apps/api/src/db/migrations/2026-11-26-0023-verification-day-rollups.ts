import type { Kysely } from 'kysely';
import { installFollowerRollups } from './support/counters.js';

/*
 * Frozen in time: no application imports.
 *
 * Day rollups of the verifications, kept by the same triggers as their lists (see `rollups` in
 * support/counters.ts): `pv_pending_day` (pending provider verifications by account type and day
 * submitted), `pv_processed_day` (processed ones by day of decision), `cv_pending_day` (pending client
 * verifications by day submitted); every other row sits in a '-' bucket. "Urgent" (pending since
 * before a cutoff) then sums the days before the cutoff's and counts through the index at most half
 * a day of arrivals, where it counted up to the urgent delay's (28,875 index entries at a million
 * users); "processed today / this week" are sums of a few days, no index count at all. Like the
 * verifications' lists, the rollups count only rows of users not deleted, and follow a deletion.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await installFollowerRollups(db, { rollups: true });
}

export async function down(db: AnyDb): Promise<void> {
  await installFollowerRollups(db, { rollups: false });
}
