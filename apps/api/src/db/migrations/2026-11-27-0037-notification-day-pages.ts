import { installNotificationPageRollups } from './support/broadcast-copies.js';

/*
 * Frozen in time: no application imports.
 *
 * Rollups of the notifications for their list's deep pages, kept by the same triggers as the list
 * (see `pages` in support/counters.ts; a broadcast counts its copies in them itself, as in the list):
 * `notifications_month` (read, type, month created), `notifications_day` (day created, read, type)
 * and `notifications_read_day` (day created, read). A deep page finds its month, then its day, from
 * them (db/deep-pages.ts) and walks the order index from that day's end only: page 5,000 walked
 * 100,000 index entries.
 */

/* The support module's own database type (migrations run against the schema as it was, untyped). */
type AnyDb = Parameters<typeof installNotificationPageRollups>[0];

export async function up(db: AnyDb): Promise<void> {
  await installNotificationPageRollups(db, { rollups: true });
}

export async function down(db: AnyDb): Promise<void> {
  await installNotificationPageRollups(db, { rollups: true, pageRollups: false });
}
