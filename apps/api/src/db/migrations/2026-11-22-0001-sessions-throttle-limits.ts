import { type Kysely, PostgresAdapter } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * State that every API process must share (the API runs on every core), kept in the database:
 * - admin_sessions: one row per login; a token names its session, so logout, a password change or
 *   reset, a deactivation or a deletion revokes tokens at once, in every process.
 * - login_throttle: failed logins per client address and per account (keys are SHA-256 hashes).
 * - rate_limit_windows and concurrency_leases: per-admin limits of the expensive endpoints.
 * - document_removals: files of deleted users waiting to be removed from disk, queued in the
 *   deletion's transaction so that a crash between the commit and the removal is healed later.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = isPostgres ? 'timestamptz' : 'text';

  await db.schema
    .createTable('admin_sessions')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('last_seen_at', timestamp, (column) => column.notNull())
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .addColumn('revoked_at', timestamp)
    .execute();
  await db.schema.createIndex('admin_sessions_user_idx').on('admin_sessions').column('user_id').execute();
  await db.schema
    .createIndex('admin_sessions_expires_idx')
    .on('admin_sessions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('failures', 'integer', (column) => column.notNull())
    .addColumn('blocked_until', timestamp)
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('login_throttle_expires_idx')
    .on('login_throttle')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'varchar(200)', (column) => column.primaryKey())
    .addColumn('window_start', timestamp, (column) => column.notNull())
    .addColumn('hits', 'integer', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('concurrency_leases')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('key', 'varchar(200)', (column) => column.notNull())
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('concurrency_leases_key_idx').on('concurrency_leases').column('key').execute();

  const removals = db.schema.createTable('document_removals');
  await (isPostgres
    ? removals.addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    : removals.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
  )
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'document_removals',
    'concurrency_leases',
    'rate_limit_windows',
    'login_throttle',
    'admin_sessions',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
