import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * The providers and both verification lists leave out the rows of deleted users. They checked each
 * row they walked against the few deleted users (`user_id not in (…)`): about 55 ns an index entry on
 * SQLite, so a deep page, which skips tens of thousands of entries, cost ten times what the walk alone
 * costs (page 2,000 of providers or verifications 2.3 ms of SQL against 0.2).
 *
 * Each of those rows now carries its user's deletion time, `user_deleted_at`, kept by database
 * triggers in the same transaction as every write, whoever writes:
 * - a user deleted (or restored) rewrites the column on its provider profile and verifications;
 * - a row inserted (or moved to another user) takes its user's.
 * On PostgreSQL the insert reads the user FOR SHARE: a concurrent deletion waits for the insert to
 * commit and then marks its row, or the insert waits for the deletion and reads it. SQLite has one
 * writer at a time.
 *
 * The lists' order indexes keep only the live rows (`where user_deleted_at is null`, as the users'
 * own `users_live_*` indexes): a page is read from the index alone, whatever its depth, with no check
 * per entry. They replace the indexes that carried `user_id` for the check (0020, 0029).
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const TABLES = ['provider_profiles', 'provider_verifications', 'client_verifications'] as const;
const USER_TRIGGER = 'users_owner_deleted';

interface Replaced {
  table: (typeof TABLES)[number];
  old: string;
  live: string;
  columns: string[];
}

const REPLACED: readonly Replaced[] = [
  {
    table: 'provider_profiles',
    old: 'provider_profiles_order_user_idx',
    live: 'provider_profiles_live_order_idx',
    columns: ['created_at', 'id'],
  },
  {
    table: 'provider_profiles',
    old: 'provider_profiles_verified_order_user_idx',
    live: 'provider_profiles_live_verified_order_idx',
    columns: ['is_verified', 'created_at', 'id'],
  },
  ...(['provider_verifications', 'client_verifications'] as const).flatMap((table): Replaced[] => [
    {
      table,
      old: `${table}_submitted_user_idx`,
      live: `${table}_live_submitted_idx`,
      columns: ['submitted_at', 'id'],
    },
    {
      table,
      old: `${table}_status_order_user_idx`,
      live: `${table}_live_status_order_idx`,
      columns: ['verification_status', 'submitted_at', 'id'],
    },
  ]),
  {
    table: 'provider_verifications',
    old: 'provider_verifications_business_order_user_idx',
    live: 'provider_verifications_live_business_order_idx',
    columns: ['is_business', 'submitted_at', 'id'],
  },
];

const deletionOf = (row: string) => `(select u.deleted_at from users u where u.id = ${row}.user_id)`;

function sqliteTriggers(): string[] {
  const rowTriggers = TABLES.flatMap((table) => [
    // Only a row of a deleted user is written again (a live user's row already holds null).
    `create trigger ${table}_owner_deleted_insert after insert on ${table}
      when ${deletionOf('NEW')} is not null begin
      update ${table} set user_deleted_at = ${deletionOf('NEW')} where id = NEW.id; end`,
    `create trigger ${table}_owner_deleted_move after update of user_id on ${table}
      when OLD.user_id is not NEW.user_id begin
      update ${table} set user_deleted_at = ${deletionOf('NEW')} where id = NEW.id; end`,
  ]);
  const followers = TABLES.map(
    (table) => `update ${table} set user_deleted_at = NEW.deleted_at where user_id = NEW.id;`,
  ).join('\n');
  return [
    ...rowTriggers,
    `create trigger ${USER_TRIGGER} after update of deleted_at on users
      when OLD.deleted_at is not NEW.deleted_at begin ${followers} end`,
  ];
}

const SQLITE_TRIGGER_NAMES = TABLES.flatMap((table) => [
  `${table}_owner_deleted_insert`,
  `${table}_owner_deleted_move`,
]).concat(USER_TRIGGER);

async function createPostgresTriggers(db: AnyDb): Promise<void> {
  await sql
    .raw(`create or replace function owner_deleted_at() returns trigger language plpgsql as $$
      begin
        NEW.user_deleted_at := (select deleted_at from users where id = NEW.user_id for share);
        return NEW;
      end $$`)
    .execute(db);
  for (const table of TABLES) {
    await sql
      .raw(`create trigger ${table}_owner_deleted before insert or update of user_id on ${table}
        for each row execute function owner_deleted_at()`)
      .execute(db);
  }
  const followers = TABLES.map(
    (table) => `update ${table} set user_deleted_at = NEW.deleted_at where user_id = NEW.id;`,
  ).join('\n');
  await sql
    .raw(`create or replace function ${USER_TRIGGER}() returns trigger language plpgsql as $$
      begin ${followers} return null; end $$`)
    .execute(db);
  await sql
    .raw(`create trigger ${USER_TRIGGER} after update of deleted_at on users
      for each row when (OLD.deleted_at is distinct from NEW.deleted_at) execute function ${USER_TRIGGER}()`)
    .execute(db);
}

async function dropTriggers(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`drop trigger if exists ${USER_TRIGGER} on users`).execute(db);
    await sql.raw(`drop function if exists ${USER_TRIGGER}()`).execute(db);
    for (const table of TABLES) {
      await sql.raw(`drop trigger if exists ${table}_owner_deleted on ${table}`).execute(db);
    }
    await sql.raw('drop function if exists owner_deleted_at()').execute(db);
    return;
  }
  for (const name of SQLITE_TRIGGER_NAMES) await sql.raw(`drop trigger if exists ${name}`).execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  const type = isPostgres(db) ? 'timestamptz' : 'text';
  for (const table of TABLES) {
    await sql.raw(`alter table ${table} add column user_deleted_at ${type}`).execute(db);
    // From the few deleted users (their index), not a lookup per row.
    await sql
      .raw(`update ${table} set user_deleted_at = ${deletionOf(table)}
        where user_id in (select id from users where deleted_at is not null)`)
      .execute(db);
  }
  if (isPostgres(db)) await createPostgresTriggers(db);
  else for (const trigger of sqliteTriggers()) await sql.raw(trigger).execute(db);
  for (const { table, old, live, columns } of REPLACED) {
    // The column (null in every entry) lets SQLite read a page from the index alone: a column the
    // query names, even in the index's own condition, must be in the index for it to cover the query.
    await sql
      .raw(
        `create index ${live} on ${table} (${[...columns, 'user_deleted_at'].join(', ')}) where user_deleted_at is null`,
      )
      .execute(db);
    await sql.raw(`drop index ${old}`).execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const { table, old, live, columns } of REPLACED) {
    await sql.raw(`create index ${old} on ${table} (${[...columns, 'user_id'].join(', ')})`).execute(db);
    await sql.raw(`drop index ${live}`).execute(db);
  }
  await dropTriggers(db);
  for (const table of TABLES) {
    await sql.raw(`alter table ${table} drop column user_deleted_at`).execute(db);
  }
}
