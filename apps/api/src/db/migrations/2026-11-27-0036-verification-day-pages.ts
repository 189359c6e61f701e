import { installFollowerRollups } from './support/counters.js';

/*
 * Frozen in time: no application imports.
 *
 * Rollups of the verifications for their lists' deep pages, kept by the same triggers as the lists
 * (see `pages` in support/counters.ts) and, like them, counting only the rows of users not deleted:
 * `pv_month` (status, account type, month submitted) and `pv_day` (day submitted, status, account
 * type) for the provider verifications, `cv_day` (day submitted, status, document) for the client
 * verifications (whose own buckets end with the month). A deep page finds its month, then its day,
 * from them (db/deep-pages.ts) and walks the order index from that day's end only: page 2,000 of the
 * provider verifications walked 40,000 index entries.
 */

/* The support module's own database type (migrations run against the schema as it was, untyped). */
type AnyDb = Parameters<typeof installFollowerRollups>[0];

export async function up(db: AnyDb): Promise<void> {
  await installFollowerRollups(db, { rollups: true });
}

export async function down(db: AnyDb): Promise<void> {
  await installFollowerRollups(db, { rollups: true, pageRollups: false });
}
