import type { Kysely } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * A user's latest verification (`where user_id = ? order by submitted_at desc, id desc limit 1`) is
 * read by the triggers that keep `users.verification_status` on every verification written, and by
 * the users list for each row of its page. With an index on `user_id` alone the order needed a sort,
 * and PostgreSQL, before its statistics of a freshly loaded table, walked the whole submission-time
 * index backwards instead, looking for the user's rows: each insert read the table, and a
 * million-user seed slowed to a crawl past 300,000 users (one verification insert took over a
 * second). An index on (user_id, submitted_at, id) answers the lookup in one descent, whatever the
 * statistics, and replaces the one on `user_id`.
 */

/* Only the schema builder is used: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Pick<Kysely<unknown>, 'schema'>;

export const VERIFICATION_TABLES = ['provider_verifications', 'client_verifications'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of VERIFICATION_TABLES) {
    await db.schema
      .createIndex(`${table}_user_order_idx`)
      .on(table)
      .columns(['user_id', 'submitted_at', 'id'])
      .execute();
    await db.schema.dropIndex(`${table}_user_idx`).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of VERIFICATION_TABLES) {
    await db.schema.createIndex(`${table}_user_idx`).on(table).column('user_id').execute();
    await db.schema.dropIndex(`${table}_user_order_idx`).execute();
  }
}
