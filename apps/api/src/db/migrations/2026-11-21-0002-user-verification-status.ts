import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * `users.verification_status` holds the status of the user's latest verification (provider
 * verification for a provider, client verification for a client; latest = newest submitted_at, then
 * id), NULL when there is none or for an admin. The user list filters and counts on it instead of
 * looking up every user's latest verification, which grew linearly with the table. Also an index
 * that serves the list's "live users, newest first" order.
 *
 * Triggers on both verification tables keep it right, whoever writes them (API, seed, tests), on
 * both databases.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

const TABLES = [
  { table: 'provider_verifications', role: 'provider' },
  { table: 'client_verifications', role: 'client' },
] as const;

function latestStatus(table: string, userId: string) {
  return `(select v.verification_status from ${table} v where v.user_id = ${userId}
           order by v.submitted_at desc, v.id desc limit 1)`;
}

export async function up(db: AnyDb): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .alterTable('users')
    .addColumn('verification_status', 'varchar(16)', (column) =>
      column.check(sql`verification_status in ('pending', 'verified', 'rejected')`),
    )
    .execute();

  for (const { table, role } of TABLES) {
    await sql
      .raw(`update users set verification_status = ${latestStatus(table, 'users.id')} where role = '${role}'`)
      .execute(db);
  }

  // Live users newest first: filter and order from one index, so a page reads only its rows.
  await db.schema
    .createIndex('users_live_joined_idx')
    .on('users')
    .columns(['deleted_at', 'date_joined', 'id'])
    .execute();
  await db.schema
    .createIndex('users_role_verification_idx')
    .on('users')
    .columns(['role', 'verification_status', 'date_joined'])
    .execute();

  for (const { table, role } of TABLES) {
    const refresh = (userId: string) =>
      `update users set verification_status = ${latestStatus(table, userId)} where id = ${userId} and role = '${role}';`;
    if (isPostgres) {
      await sql
        .raw(`
          create function ${table}_sync_user_status() returns trigger language plpgsql as $$
          begin
            if tg_op in ('UPDATE', 'DELETE') then ${refresh('OLD.user_id')} end if;
            if tg_op in ('INSERT', 'UPDATE') then ${refresh('NEW.user_id')} end if;
            return null;
          end $$`)
        .execute(db);
      await sql
        .raw(`
          create trigger ${table}_sync_user_status
          after insert or update of verification_status, submitted_at, user_id or delete on ${table}
          for each row execute function ${table}_sync_user_status()`)
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger ${table}_sync_insert after insert on ${table} begin ${refresh('NEW.user_id')} end`,
        )
        .execute(db);
      await sql
        .raw(`
          create trigger ${table}_sync_update
          after update of verification_status, submitted_at, user_id on ${table}
          begin ${refresh('OLD.user_id')} ${refresh('NEW.user_id')} end`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_sync_delete after delete on ${table} begin ${refresh('OLD.user_id')} end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table } of TABLES) {
    if (isPostgres) {
      await sql.raw(`drop trigger if exists ${table}_sync_user_status on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${table}_sync_user_status()`).execute(db);
    } else {
      for (const suffix of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger if exists ${table}_sync_${suffix}`).execute(db);
      }
    }
  }
  await db.schema.dropIndex('users_role_verification_idx').ifExists().execute();
  await db.schema.dropIndex('users_live_joined_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('verification_status').execute();
}
