import type { Kysely } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * The users' first role indexes, (role, date_joined) and (role, verification_status, date_joined),
 * dropped: every lookup of users by role names live users only (`deleted_at is null`: the list, the
 * remaining active admins, the first admin, the broadcast's audience), which the partial indexes
 * `users_live_role_idx` and `users_live_role_status_idx` (migration 0001 of 2026-11-23) serve. Without
 * statistics SQLite's planner chose the older, full ones for a role filter and checked each entry's
 * row for its deletion: a deep page of clients (2,000 entries walked within a day) took 0.40 ms of
 * SQL instead of 0.07 from the live index. Every write of a user's role, status or date paid for them
 * too.
 */

/* Only the schema builder is used: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Pick<Kysely<unknown>, 'schema'>;

export const DROPPED_ROLE_INDEXES = {
  users_role_idx: ['role', 'date_joined'],
  users_role_verification_idx: ['role', 'verification_status', 'date_joined'],
} as const;

export async function up(db: AnyDb): Promise<void> {
  for (const name of Object.keys(DROPPED_ROLE_INDEXES)) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name, columns] of Object.entries(DROPPED_ROLE_INDEXES)) {
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on('users')
      .columns([...columns])
      .execute();
  }
}
