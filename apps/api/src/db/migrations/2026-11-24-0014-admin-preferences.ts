import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * `admin_preferences`: what each admin saved on the settings screen (issue 14), one row per admin,
 * created at their first save (an admin without a row has the defaults): the six notification
 * preferences of the spec (`is_` columns: the booleans' naming rule, db/sql.ts), then language, time
 * zone and theme, each checked by the database too.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const boolean = postgres ? 'boolean' : 'integer';
  const timestamp = postgres ? 'timestamptz' : 'text';
  const flag = (column: ColumnDefinitionBuilder) => column.notNull();

  await db.schema
    .createTable('admin_preferences')
    .addColumn('user_id', 'integer', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('is_email_notifications', boolean, flag)
    .addColumn('is_push_notifications', boolean, flag)
    .addColumn('is_new_messages', boolean, flag)
    .addColumn('is_new_disputes', boolean, flag)
    .addColumn('is_status_updates', boolean, flag)
    .addColumn('is_marketing_emails', boolean, flag)
    .addColumn('language', 'varchar(2)', (column) =>
      column.notNull().check(sql`language in ('fr', 'en', 'es', 'pt')`),
    )
    .addColumn('timezone', 'varchar(64)', (column) =>
      column
        .notNull()
        .check(sql`timezone in ('Africa/Luanda', 'Africa/Casablanca', 'Europe/Paris', 'America/New_York')`),
    )
    .addColumn('theme', 'varchar(8)', (column) =>
      column.notNull().check(sql`theme in ('light', 'dark', 'system')`),
    )
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('admin_preferences').ifExists().execute();
}
