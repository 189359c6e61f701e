import type { Kysely } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * The dashboard's "processed today / this week" counts verifications by `verified_at` and status;
 * with `verified_at` alone in the index each match was read from the table (a busy week is tens of
 * thousands of rows). `(verified_at, verification_status, user_id)` answers the count from the index
 * and replaces the one-column index it starts with.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('provider_verifications_processed_idx')
    .on('provider_verifications')
    .columns(['verified_at', 'verification_status', 'user_id'])
    .execute();
  await db.schema.dropIndex('provider_verifications_verified_at_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('provider_verifications_verified_at_idx')
    .on('provider_verifications')
    .column('verified_at')
    .execute();
  await db.schema.dropIndex('provider_verifications_processed_idx').execute();
}
