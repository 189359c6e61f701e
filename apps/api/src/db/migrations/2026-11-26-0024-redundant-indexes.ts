import type { Kysely } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * Indexes of the first schema that later order indexes made redundant: each one's columns begin
 * another index of the same table, which serves every lookup it served (on SQLite, where a table's
 * `id` is its rowid and every index ends with it, the status indexes were exact copies:
 * (status, created_at) is (status, created_at, id)). Each insert, each change of an indexed column and
 * each bulk load paid for them: a million-user seed built them in 5 s, and every project written
 * updated three more indexes.
 */

/* Only the schema builder is used: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Pick<Kysely<unknown>, 'schema'>;

interface RedundantIndex {
  name: string;
  table: string;
  columns: string[];
  /** The index that now serves its lookups (its columns begin with `columns`). */
  servedBy: string;
}

export const REDUNDANT_INDEXES: readonly RedundantIndex[] = [
  {
    name: 'projects_status_idx',
    table: 'projects',
    columns: ['status', 'created_at'],
    servedBy: 'projects_status_order_idx',
  },
  {
    name: 'projects_category_idx',
    table: 'projects',
    columns: ['category_id'],
    servedBy: 'projects_category_order_idx',
  },
  {
    name: 'projects_client_idx',
    table: 'projects',
    columns: ['client_id'],
    servedBy: 'projects_client_order_idx',
  },
  {
    name: 'provider_verifications_status_idx',
    table: 'provider_verifications',
    columns: ['verification_status', 'submitted_at'],
    servedBy: 'provider_verifications_status_order_idx',
  },
  {
    name: 'client_verifications_status_idx',
    table: 'client_verifications',
    columns: ['verification_status', 'submitted_at'],
    servedBy: 'client_verifications_status_order_idx',
  },
  {
    name: 'disputes_status_idx',
    table: 'disputes',
    columns: ['status', 'created_at'],
    servedBy: 'disputes_status_order_idx',
  },
  {
    name: 'reports_status_idx',
    table: 'reports',
    columns: ['status', 'created_at'],
    servedBy: 'reports_status_order_idx',
  },
  {
    name: 'provider_profiles_verified_idx',
    table: 'provider_profiles',
    columns: ['is_verified', 'created_at'],
    servedBy: 'provider_profiles_verified_order_user_idx',
  },
  {
    name: 'conversations_client_idx',
    table: 'conversations',
    columns: ['client_id'],
    servedBy: 'conversations_client_activity_idx',
  },
  {
    name: 'conversations_provider_idx',
    table: 'conversations',
    columns: ['provider_id'],
    servedBy: 'conversations_provider_activity_idx',
  },
];

export async function up(db: AnyDb): Promise<void> {
  for (const index of REDUNDANT_INDEXES) await db.schema.dropIndex(index.name).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of REDUNDANT_INDEXES) {
    await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
  }
}
