import type { Kysely } from 'kysely';
import { installCounterRollups } from './support/counters.js';

/*
 * Frozen in time: no application imports.
 *
 * Coarser counters of users, projects and disputes, kept by the same triggers as their lists (see
 * `rollups` in support/counters.ts): `users_state` (role, verification status, phone verified),
 * `users_month` (role, month joined), `projects_state` (status, category), `projects_month`
 * (status, month created) and `disputes_resolved` (resolved or not: the median time to resolution
 * no longer counts the resolved disputes first). At a million users the users list's totals read 18
 * rows instead of 482, the project statistics and the dashboard a few hundred instead of the
 * projects' 1,933 buckets (status × category × month). Recounting those three tables took 7 to 9 s
 * on the million-user SQLite database. On PostgreSQL they count their inserts once per statement (a
 * transition table, one upsert per bucket and list): per row, the rollups made the seed 25 % slower.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await installCounterRollups(db, { rollups: true });
}

export async function down(db: AnyDb): Promise<void> {
  await installCounterRollups(db, { rollups: false });
}
