import { installPageRollups } from './support/counters.js';

/*
 * Frozen in time: no application imports.
 *
 * Day rollups of the users (`users_day`: day joined, role, verification status) and of the projects
 * (`projects_day`: day created, status), kept by the same triggers as their lists (see `pages` in
 * support/counters.ts), the day first in the bucket so that a month's days are a range of the
 * counters' key. A deep page of those lists finds its month, then its day, from them
 * (db/deep-pages.ts) and walks the order index from that day's end only: at a million users the
 * newest month alone held 137,881 sign-ups (page 5,000, offset 100,000, fell inside it), a day at
 * most about 5,000.
 */

/* The support module's own database type (migrations run against the schema as it was, untyped). */
type AnyDb = Parameters<typeof installPageRollups>[0];

export async function up(db: AnyDb): Promise<void> {
  await installPageRollups(db, { rollups: true });
}

export async function down(db: AnyDb): Promise<void> {
  await installPageRollups(db, { rollups: true, pageRollups: false });
}
