import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';
import { dialectOf } from './sql.js';

/**
 * Named locks held until the end of the current transaction, for rules that span several rows (or
 * rows that do not exist yet): two transactions taking the same name run one after the other.
 *
 * PostgreSQL: a transaction-level advisory lock on a 64-bit hash of the name. SQLite: nothing to
 * do, every transaction already holds the database's write lock from its start (BEGIN IMMEDIATE,
 * see sqlite-dialect.ts).
 *
 * Lock order: take named locks after the row locks of the rows a transaction is about to change,
 * and several names in alphabetical order, so that no two transactions wait for each other.
 */
export async function lockName(trx: Kysely<Database>, name: string): Promise<void> {
  if (!trx.isTransaction)
    throw new Error(`lockName(${name}) hors transaction : le verrou serait relâché aussitôt`);
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`kwanza:${name}`}, 0))`.execute(trx);
}

/**
 * The lock of the set of active admins: every change that can remove an active admin (deactivation,
 * deletion, demotion) takes it before counting the admins that remain, so that two admins removing
 * each other at the same moment cannot both see the other one still active.
 */
export function lockActiveAdmins(trx: Kysely<Database>): Promise<void> {
  return lockName(trx, 'active-admins');
}

/** The rows that follow their user: a user's deletion rewrites them (migration 0030's triggers). */
const ROWS_FOLLOWING_USER = ['provider_profiles', 'provider_verifications', 'client_verifications'] as const;

/**
 * PostgreSQL: locks the rows that follow user `userId`, before the user's own row. A verification
 * decision (or the provider flag) locks its row, then writes its user (the user's verification status
 * is kept by a trigger); a deletion writes the user, then its triggers write those rows. Taken in that
 * same order, row then user, a deletion beside a decision waits for it instead of deadlocking (which
 * PostgreSQL would end after a second by aborting one of them). SQLite: nothing to do (one writer).
 */
export async function lockRowsFollowingUser(trx: Kysely<Database>, userId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  for (const table of ROWS_FOLLOWING_USER) {
    await trx
      .selectFrom(table)
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id')
      .forUpdate()
      .execute();
  }
}
