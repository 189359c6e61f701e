import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * PostgreSQL: resolves true once a session of `db`'s database waits for a lock (a blocked statement),
 * false after 5 s. Other test files run beside the caller on the same cluster: their waits do not
 * count.
 */
export async function someoneWaitsForALock(db: Kysely<Database>): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await sql<{ waiting: string | number }>`
      select count(*) as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (Number(rows[0]?.waiting) > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
