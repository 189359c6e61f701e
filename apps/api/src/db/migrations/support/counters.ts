import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen with the migration that created it (2026-11-23-0001), extended by 0022 (rollups, which
 * `rollups: false` leaves out), 0023 (the verifications' day rollups), 0034 (the users' and
 * projects' day rollups, which `pageRollups: false` leaves out), 0036 and 0037 (the verifications'
 * and the notifications' deep pages' rollups, left out the same way), 0047 (the verifications' pending
 * hours, which `hourRollups: false` leaves out): no application imports. The
 * seed reuses `dropCounterMachinery` / `installCounterMachinery` around its bulk load.
 *
 * `list_counters(list, bucket, n, amount)` holds, for each list of the console, how many rows fall
 * in each bucket: the bucket is the row's filterable enum values and month joined by '|' (a user:
 * 'provider|pending|1|2026-11'). Any unfiltered or enum-filtered total of a list is then a sum over a
 * few hundred bucket rows instead of a count over the table. `amount` sums a number per bucket
 * (accepted offers' prices, verification processing hours).
 *
 * Database triggers keep the rows exact in the same transaction as every write, whoever writes (API,
 * seed, tests), on both databases. A row counts only while it is "live" (users not deleted;
 * providers and verifications of users not deleted).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

export type Flavor = 'sqlite' | 'postgres';

export function flavorOf(db: AnyDb): Flavor {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

function month(flavor: Flavor, column: string): string {
  return flavor === 'postgres'
    ? `to_char(${column} at time zone 'UTC', 'YYYY-MM')`
    : `substr(${column}, 1, 7)`;
}

function day(flavor: Flavor, column: string): string {
  return flavor === 'postgres'
    ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`
    : `substr(${column}, 1, 10)`;
}

/** The row's hour, 'YYYY-MM-DDTHH' (UTC): after its day's buckets' 'YYYY-MM-DD', before the next day's. */
function hour(flavor: Flavor, column: string): string {
  return flavor === 'postgres'
    ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
    : `substr(${column}, 1, 13)`;
}

function hours(flavor: Flavor, from: string, to: string): string {
  return flavor === 'postgres'
    ? `(extract(epoch from (${to} - ${from})) / 3600.0)`
    : `((julianday(${to}) - julianday(${from})) * 24.0)`;
}

const flag = (column: string) => `(case when ${column} then '1' else '0' end)`;
const text = (column: string) => `coalesce(cast(${column} as text), '-')`;
const join = (parts: string[]) => parts.join(` || '|' || `);
const userIsLive = (row: string) => `(select u.deleted_at from users u where u.id = ${row}.user_id) is null`;

export interface CounterDefinition {
  list: string;
  table: string;
  /** Columns whose change moves a row between buckets (SQLite `after update of`). */
  columns: string[];
  bucket: (flavor: Flavor, row: string) => string;
  live?: (row: string) => string;
  amount?: (flavor: Flavor, row: string) => string;
  /** Also live only while its user (column `user_id`) is not deleted. */
  followsUser?: boolean;
  /**
   * Its insert trigger is replaced by support/broadcast-copies.ts (the notifications: a broadcast's
   * copies skip it, the broadcast counts them itself): inserts stay counted row by row on
   * PostgreSQL, and the installers of 0022 and 0034 leave the table alone (0037 installs its rollups,
   * through broadcast-copies.ts).
   */
  copiesApart?: true;
  /**
   * Coarser lists of the same rows, kept by the same triggers: each counts the live rows by fewer
   * parts (added 2026-11-26, migration 0022). A figure that needs no month (a list's totals) or no
   * category (a monthly chart) then reads a few dozen rows instead of the list's hundreds. The
   * verifications' (which follow their user) came with 0023.
   */
  rollups?: CounterRollup[];
}

export interface CounterRollup {
  list: string;
  bucket: (flavor: Flavor, row: string) => string;
  /**
   * For the list's deep pages (added 2026-11-27, migrations 0034 and 0036): rows by day of the list's
   * order, day first in the bucket ('YYYY-MM-DD|…'), so that a page at any depth finds its day among
   * a month's days; or rows by month, month last ('…|YYYY-MM'), where the list's own buckets do not
   * end with the month.
   */
  pages?: true;
  /** Rows by hour (added 2026-11-30, migration 0047), hour first in the bucket ('YYYY-MM-DDTHH|…'). */
  hours?: true;
}

export const COUNTERS: CounterDefinition[] = [
  {
    list: 'users',
    table: 'users',
    columns: ['role', 'verification_status', 'is_phone_verified', 'date_joined', 'deleted_at'],
    bucket: (f, r) =>
      join([
        `${r}.role`,
        text(`${r}.verification_status`),
        flag(`${r}.is_phone_verified`),
        month(f, `${r}.date_joined`),
      ]),
    live: (r) => `${r}.deleted_at is null`,
    rollups: [
      {
        list: 'users_state',
        bucket: (_f, r) =>
          join([`${r}.role`, text(`${r}.verification_status`), flag(`${r}.is_phone_verified`)]),
      },
      { list: 'users_month', bucket: (f, r) => join([`${r}.role`, month(f, `${r}.date_joined`)]) },
      {
        list: 'users_day',
        bucket: (f, r) => join([day(f, `${r}.date_joined`), `${r}.role`, text(`${r}.verification_status`)]),
        pages: true,
      },
    ],
  },
  {
    list: 'providers',
    table: 'provider_profiles',
    columns: ['is_verified', 'user_id'],
    bucket: (_f, r) => flag(`${r}.is_verified`),
    live: userIsLive,
    followsUser: true,
  },
  {
    list: 'provider_verifications',
    table: 'provider_verifications',
    columns: [
      'verification_status',
      'is_business',
      'document_type',
      'submitted_at',
      'verified_at',
      'user_id',
    ],
    bucket: (f, r) =>
      join([
        `${r}.verification_status`,
        flag(`${r}.is_business`),
        `${r}.document_type`,
        month(f, `${r}.submitted_at`),
        `(case when ${r}.verified_at is null then '0' else '1' end)`,
      ]),
    live: userIsLive,
    amount: (f, r) =>
      `(case when ${r}.verified_at is not null and ${r}.verification_status <> 'pending' then ${hours(f, `${r}.submitted_at`, `${r}.verified_at`)} else 0 end)`,
    followsUser: true,
    rollups: [
      // Pending by account type and day submitted (every other row in '-'): the urgent count.
      {
        list: 'pv_pending_day',
        bucket: (f, r) =>
          `(case when ${r}.verification_status = 'pending' then ${join([flag(`${r}.is_business`), day(f, `${r}.submitted_at`)])} else '-' end)`,
      },
      // Pending by hour submitted and account type: the urgent count within the cutoff's day.
      {
        list: 'pv_pending_hour',
        bucket: (f, r) =>
          `(case when ${r}.verification_status = 'pending' then ${join([hour(f, `${r}.submitted_at`), flag(`${r}.is_business`)])} else '-' end)`,
        hours: true,
      },
      // Processed by day of decision: processed today, this week.
      {
        list: 'pv_processed_day',
        bucket: (f, r) =>
          `(case when ${r}.verification_status <> 'pending' and ${r}.verified_at is not null then ${day(f, `${r}.verified_at`)} else '-' end)`,
      },
      // Deep pages (newest submissions first): by month, then by day, of the list's filters; the
      // months summed away, the list's totals.
      {
        list: 'pv_month',
        bucket: (f, r) =>
          join([`${r}.verification_status`, flag(`${r}.is_business`), month(f, `${r}.submitted_at`)]),
        pages: true,
      },
      {
        list: 'pv_day',
        bucket: (f, r) =>
          join([day(f, `${r}.submitted_at`), `${r}.verification_status`, flag(`${r}.is_business`)]),
        pages: true,
      },
    ],
  },
  {
    list: 'client_verifications',
    table: 'client_verifications',
    columns: ['verification_status', 'document_type', 'submitted_at', 'user_id'],
    bucket: (f, r) => join([`${r}.verification_status`, `${r}.document_type`, month(f, `${r}.submitted_at`)]),
    live: userIsLive,
    followsUser: true,
    rollups: [
      {
        list: 'cv_pending_day',
        bucket: (f, r) =>
          `(case when ${r}.verification_status = 'pending' then ${day(f, `${r}.submitted_at`)} else '-' end)`,
      },
      {
        list: 'cv_pending_hour',
        bucket: (f, r) =>
          `(case when ${r}.verification_status = 'pending' then ${hour(f, `${r}.submitted_at`)} else '-' end)`,
        hours: true,
      },
      // Deep pages: by day of the list's filters (its own buckets end with the month).
      {
        list: 'cv_day',
        bucket: (f, r) =>
          join([day(f, `${r}.submitted_at`), `${r}.verification_status`, `${r}.document_type`]),
        pages: true,
      },
    ],
  },
  {
    list: 'projects',
    table: 'projects',
    columns: ['status', 'category_id', 'created_at'],
    bucket: (f, r) => join([`${r}.status`, text(`${r}.category_id`), month(f, `${r}.created_at`)]),
    rollups: [
      { list: 'projects_state', bucket: (_f, r) => join([`${r}.status`, text(`${r}.category_id`)]) },
      { list: 'projects_month', bucket: (f, r) => join([`${r}.status`, month(f, `${r}.created_at`)]) },
      {
        list: 'projects_day',
        bucket: (f, r) => join([day(f, `${r}.created_at`), `${r}.status`]),
        pages: true,
      },
    ],
  },
  {
    list: 'offers',
    table: 'offers',
    columns: ['status', 'created_at', 'proposed_price'],
    bucket: (f, r) => join([`${r}.status`, month(f, `${r}.created_at`)]),
    amount: (_f, r) => `${r}.proposed_price`,
  },
  {
    list: 'disputes',
    table: 'disputes',
    columns: ['status', 'created_at', 'resolved_at'],
    bucket: (f, r) => join([`${r}.status`, month(f, `${r}.created_at`)]),
    // Resolved or not: how many times to resolution the median is taken among.
    rollups: [
      {
        list: 'disputes_resolved',
        bucket: (_f, r) => `(case when ${r}.resolved_at is null then '0' else '1' end)`,
      },
    ],
  },
  {
    list: 'reports',
    table: 'reports',
    columns: ['status', 'type'],
    bucket: (_f, r) => join([`${r}.status`, `${r}.type`]),
  },
  {
    list: 'conversations',
    table: 'conversations',
    columns: ['status'],
    bucket: (_f, r) => `${r}.status`,
  },
  {
    list: 'notifications',
    table: 'notifications',
    columns: ['is_read', 'notification_type', 'created_at'],
    bucket: (_f, r) => join([flag(`${r}.is_read`), `${r}.notification_type`]),
    copiesApart: true,
    // Deep pages (newest first): by month, then by day, of the list's filters (migration 0037).
    rollups: [
      {
        list: 'notifications_month',
        bucket: (f, r) => join([flag(`${r}.is_read`), `${r}.notification_type`, month(f, `${r}.created_at`)]),
        pages: true,
      },
      {
        list: 'notifications_day',
        bucket: (f, r) => join([day(f, `${r}.created_at`), flag(`${r}.is_read`), `${r}.notification_type`]),
        pages: true,
      },
      // Without a type filter: a month's days are some 60 rows instead of a thousand.
      {
        list: 'notifications_read_day',
        bucket: (f, r) => join([day(f, `${r}.created_at`), flag(`${r}.is_read`)]),
        pages: true,
      },
    ],
  },
];

const UPSERT = `on conflict (list, bucket) do update set n = list_counters.n + excluded.n, amount = list_counters.amount + excluded.amount`;

function amountOf(definition: CounterDefinition, flavor: Flavor, row: string): string {
  return definition.amount ? `coalesce(${definition.amount(flavor, row)}, 0)` : '0';
}

function liveOf(definition: CounterDefinition, row: string): string {
  return definition.live ? definition.live(row) : '1 = 1';
}

/** Whether the triggers also keep the rollups (migration 0022 removes them again in its `down`). */
export interface MachineryOptions {
  rollups: boolean;
  /** With the rollups, the day rollups of deep pages too (migration 0034 removes them again in its `down`). */
  pageRollups?: boolean;
  /** With the rollups, the hour rollups too (migration 0047 removes them again in its `down`). */
  hourRollups?: boolean;
}

export const WITH_ROLLUPS: MachineryOptions = { rollups: true };

/** The list and, unless left out, its rollups: each list's name and bucket. */
function listsOf(definition: CounterDefinition, options: MachineryOptions): CounterRollup[] {
  const main = { list: definition.list, bucket: definition.bucket };
  if (!options.rollups) return [main];
  const rollups = (definition.rollups ?? []).filter(
    (rollup) =>
      !(rollup.pages && options.pageRollups === false) && !(rollup.hours && options.hourRollups === false),
  );
  return [main, ...rollups];
}

/** One statement per list of `definition` (and its rollups), one after the other. */
function forEachList(
  definition: CounterDefinition,
  options: MachineryOptions,
  statement: (list: string, bucket: CounterRollup['bucket']) => string,
): string {
  return listsOf(definition, options)
    .map(({ list, bucket }) => statement(list, bucket))
    .join('\n');
}

export function increment(
  definition: CounterDefinition,
  flavor: Flavor,
  row: string,
  options: MachineryOptions,
): string {
  return forEachList(
    definition,
    options,
    (list, bucket) => `insert into list_counters (list, bucket, n, amount)
    select '${list}', ${bucket(flavor, row)}, 1, ${amountOf(definition, flavor, row)}
    where ${liveOf(definition, row)} ${UPSERT};`,
  );
}

function decrement(
  definition: CounterDefinition,
  flavor: Flavor,
  row: string,
  options: MachineryOptions,
): string {
  return forEachList(
    definition,
    options,
    (
      list,
      bucket,
    ) => `update list_counters set n = n - 1, amount = amount - ${amountOf(definition, flavor, row)}
    where list = '${list}' and bucket = ${bucket(flavor, row)} and ${liveOf(definition, row)};`,
  );
}

/**
 * PostgreSQL: the rows one INSERT statement added (its transition table `new_rows`), counted with one
 * upsert per bucket and list, in bucket order (concurrent statements lock counter rows in the same
 * order). A bulk insert of a thousand users pays three upserts of a few buckets, not three per row.
 */
function insertedRows(definition: CounterDefinition, options: MachineryOptions): string {
  return forEachList(
    definition,
    options,
    (list, bucket) => `insert into list_counters (list, bucket, n, amount)
        select '${list}', ${bucket('postgres', 'r')}, count(*), coalesce(sum(${amountOf(definition, 'postgres', 'r')}), 0)
        from new_rows r where ${liveOf(definition, 'r')}
        group by ${bucket('postgres', 'r')} order by 2 ${UPSERT};`,
  );
}

/** When a user is deleted (or restored), the rows that follow it leave (or re-enter) their counters. */
function followUser(
  definition: CounterDefinition,
  flavor: Flavor,
  sign: '-' | '',
  condition: string,
  options: MachineryOptions,
): string {
  return forEachList(
    definition,
    options,
    (list, bucket) => `insert into list_counters (list, bucket, n, amount)
    select '${list}', ${bucket(flavor, 'd')}, ${sign}count(*), ${sign}coalesce(sum(${amountOf(definition, flavor, 'd')}), 0)
    from ${definition.table} d where d.user_id = NEW.id and ${condition}
    group by ${bucket(flavor, 'd')} ${UPSERT};`,
  );
}

function userFollowers(flavor: Flavor, options: MachineryOptions): string {
  return COUNTERS.filter((definition) => definition.followsUser)
    .flatMap((definition) => [
      followUser(definition, flavor, '-', 'OLD.deleted_at is null and NEW.deleted_at is not null', options),
      followUser(definition, flavor, '', 'OLD.deleted_at is not null and NEW.deleted_at is null', options),
    ])
    .join('\n');
}

/** The triggers that keep the counters of one table's rows. */
async function createTableCounterTriggers(
  db: AnyDb,
  flavor: Flavor,
  definition: CounterDefinition,
  options: MachineryOptions,
): Promise<void> {
  const { table } = definition;
  const name = `${table}_counters`;
  if (flavor === 'postgres') {
    // A table with rollups counts its inserts once per statement (several lists per row otherwise).
    const perStatementInserts = definition.rollups !== undefined && !definition.copiesApart;
    await sql
      .raw(`create or replace function ${name}() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then ${decrement(definition, flavor, 'OLD', options)} end if;
          if tg_op in ('INSERT', 'UPDATE') then ${increment(definition, flavor, 'NEW', options)} end if;
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${name} after ${perStatementInserts ? '' : 'insert or '}update of ${definition.columns.join(', ')} or delete
        on ${table} for each row execute function ${name}()`)
      .execute(db);
    if (perStatementInserts) {
      await sql
        .raw(`create or replace function ${name}_inserted() returns trigger language plpgsql as $$
          begin ${insertedRows(definition, options)} return null; end $$`)
        .execute(db);
      await sql
        .raw(`create trigger ${name}_inserted after insert on ${table}
          referencing new table as new_rows for each statement execute function ${name}_inserted()`)
        .execute(db);
    }
  } else {
    await sql
      .raw(
        `create trigger ${name}_insert after insert on ${table} begin ${increment(definition, flavor, 'NEW', options)} end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${name}_update after update of ${definition.columns.join(', ')} on ${table}
        begin ${decrement(definition, flavor, 'OLD', options)} ${increment(definition, flavor, 'NEW', options)} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${name}_delete after delete on ${table} begin ${decrement(definition, flavor, 'OLD', options)} end`,
      )
      .execute(db);
  }
}

async function dropTableCounterTriggers(db: AnyDb, flavor: Flavor, table: string): Promise<void> {
  if (flavor === 'postgres') {
    await sql.raw(`drop trigger if exists ${table}_counters on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_counters()`).execute(db);
    await sql.raw(`drop trigger if exists ${table}_counters_inserted on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_counters_inserted()`).execute(db);
  } else {
    for (const suffix of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists ${table}_counters_${suffix}`).execute(db);
    }
  }
}

async function createCounterTriggers(db: AnyDb, flavor: Flavor, options: MachineryOptions): Promise<void> {
  for (const definition of COUNTERS) await createTableCounterTriggers(db, flavor, definition, options);
  await createUserFollowersTrigger(db, flavor, options);
}

/** The trigger that moves the rows following a user in or out of their counters (see `followUser`). */
async function createUserFollowersTrigger(
  db: AnyDb,
  flavor: Flavor,
  options: MachineryOptions,
): Promise<void> {
  if (flavor === 'postgres') {
    await sql
      .raw(`create or replace function users_counter_followers() returns trigger language plpgsql as $$
        begin ${userFollowers(flavor, options)} return null; end $$`)
      .execute(db);
    await sql
      .raw(`create trigger users_counter_followers after update of deleted_at on users
        for each row execute function users_counter_followers()`)
      .execute(db);
  } else {
    await sql
      .raw(`create trigger users_counter_followers after update of deleted_at on users
        begin ${userFollowers(flavor, options)} end`)
      .execute(db);
  }
}

async function dropCounterTriggers(db: AnyDb, flavor: Flavor): Promise<void> {
  for (const { table } of COUNTERS) await dropTableCounterTriggers(db, flavor, table);
  await dropUserFollowersTrigger(db, flavor);
}

async function dropUserFollowersTrigger(db: AnyDb, flavor: Flavor): Promise<void> {
  if (flavor === 'postgres') {
    await sql.raw('drop trigger if exists users_counter_followers on users').execute(db);
    await sql.raw('drop function if exists users_counter_followers()').execute(db);
  } else {
    await sql.raw('drop trigger if exists users_counter_followers').execute(db);
  }
}

/** Recounts every list from its table (the state the triggers then keep). */
export async function recountAll(
  db: AnyDb,
  flavor: Flavor,
  options: MachineryOptions = WITH_ROLLUPS,
): Promise<void> {
  await sql.raw('delete from list_counters').execute(db);
  for (const definition of COUNTERS) await countDefinition(db, flavor, definition, options);
}

/** Counts the rows of one definition into its list and, unless left out, its rollups. */
async function countDefinition(
  db: AnyDb,
  flavor: Flavor,
  definition: CounterDefinition,
  options: MachineryOptions,
): Promise<void> {
  await countLists(db, flavor, definition, listsOf(definition, options));
}

/** The temporary table of a count's groups (`countLists`). */
const COUNT_GROUPS = 'counter_recount_groups';

/**
 * Counts the live rows of `definition` into `lists`. A table with several lists is read once: its
 * rows grouped by every list's bucket at once into a temporary table (a few thousand groups), which
 * each list then sums by its own bucket. Each list read the whole table on its own before (users,
 * projects, the verifications and the notifications have three to five lists): the recount of a
 * million-user seed took 23.0 s on SQLite and 12.1 s on PostgreSQL, now 10.3 s and 8.5 s, with the
 * same counters (amounts included).
 */
async function countLists(
  db: AnyDb,
  flavor: Flavor,
  definition: CounterDefinition,
  lists: readonly CounterRollup[],
): Promise<void> {
  const amount = `coalesce(sum(${amountOf(definition, flavor, 'r')}), 0)`;
  const [only] = lists;
  if (lists.length === 1 && only) {
    await sql
      .raw(`insert into list_counters (list, bucket, n, amount)
        select '${only.list}', ${only.bucket(flavor, 'r')}, count(*), ${amount}
        from ${definition.table} r where ${liveOf(definition, 'r')}
        group by ${only.bucket(flavor, 'r')}`)
      .execute(db);
    return;
  }
  const buckets = lists.map(({ bucket }, position) => `${bucket(flavor, 'r')} as b${position}`);
  const positions = lists.map((_, position) => String(position + 1));
  await sql.raw(`drop table if exists ${COUNT_GROUPS}`).execute(db);
  await sql
    .raw(`create temporary table ${COUNT_GROUPS} as
      select ${buckets.join(', ')}, count(*) as n, ${amount} as amount
      from ${definition.table} r where ${liveOf(definition, 'r')}
      group by ${positions.join(', ')}`)
    .execute(db);
  for (const [position, { list }] of lists.entries()) {
    await sql
      .raw(`insert into list_counters (list, bucket, n, amount)
        select '${list}', b${position}, sum(n), sum(amount) from ${COUNT_GROUPS} group by b${position}`)
      .execute(db);
  }
  // A failure before this leaves it to the caller's transaction (rolled back with it) or to the next count.
  await sql.raw(`drop table ${COUNT_GROUPS}`).execute(db);
}

/** Recounts one table's list and rollups (with or without them) and recreates the table's triggers. */
async function reinstallTable(
  db: AnyDb,
  flavor: Flavor,
  definition: CounterDefinition,
  options: MachineryOptions,
): Promise<void> {
  const lists = [definition.list, ...(definition.rollups ?? []).map((rollup) => rollup.list)];
  await dropTableCounterTriggers(db, flavor, definition.table);
  await db.deleteFrom('list_counters').where('list', 'in', lists).execute();
  await countDefinition(db, flavor, definition, options);
  await createTableCounterTriggers(db, flavor, definition, options);
}

/**
 * Migration 0022: recounts the tables that have rollups and follow no user (users, projects,
 * disputes), with or without them, and recreates those tables' triggers. The other tables' triggers
 * are left as they are (the notifications' own, support/broadcast-copies.ts, among them).
 */
export async function installCounterRollups(db: AnyDb, options: MachineryOptions): Promise<void> {
  const flavor = flavorOf(db);
  for (const definition of COUNTERS.filter(
    (candidate) => candidate.rollups && !candidate.followsUser && !candidate.copiesApart,
  )) {
    await reinstallTable(db, flavor, definition, options);
  }
}

/**
 * Migration 0034: the deep pages' day rollups (`pages`) of the tables that follow no user (users,
 * projects) counted, with or without them per `options.pageRollups`, and their tables' triggers
 * recreated; the tables' other lists are kept. (The verifications' came with 0036, through
 * `installFollowerRollups`; the notifications' with 0037, through support/broadcast-copies.ts.)
 */
export async function installPageRollups(db: AnyDb, options: MachineryOptions): Promise<void> {
  for (const definition of COUNTERS.filter((candidate) => !candidate.followsUser && !candidate.copiesApart)) {
    await reinstallPageRollups(db, definition, options);
  }
}

/**
 * One table's deep pages' rollups counted (or left out) and its triggers recreated, its other lists
 * kept. A table without such rollups is left alone.
 */
export async function reinstallPageRollups(
  db: AnyDb,
  definition: CounterDefinition,
  options: MachineryOptions,
): Promise<void> {
  const flavor = flavorOf(db);
  const pages = (definition.rollups ?? []).filter((rollup) => rollup.pages);
  if (pages.length === 0) return;
  await dropTableCounterTriggers(db, flavor, definition.table);
  await db
    .deleteFrom('list_counters')
    .where(
      'list',
      'in',
      pages.map((rollup) => rollup.list),
    )
    .execute();
  if (options.rollups && options.pageRollups !== false) await countLists(db, flavor, definition, pages);
  await createTableCounterTriggers(db, flavor, definition, options);
}

/**
 * Migration 0023: the same for the tables whose rows follow their user (the verifications' day
 * rollups), and the users' trigger that moves those rows in or out of their counters. Migration 0036
 * (the verifications' deep pages' rollups) too, with or without those per `options.pageRollups`, and
 * 0047 (their pending hours) with or without those per `options.hourRollups`.
 */
export async function installFollowerRollups(db: AnyDb, options: MachineryOptions): Promise<void> {
  const flavor = flavorOf(db);
  await dropUserFollowersTrigger(db, flavor);
  for (const definition of COUNTERS.filter((candidate) => candidate.rollups && candidate.followsUser)) {
    await reinstallTable(db, flavor, definition, options);
  }
  await createUserFollowersTrigger(db, flavor, options);
}

export async function createCountersTable(db: AnyDb, flavor: Flavor): Promise<void> {
  await db.schema
    .createTable('list_counters')
    .addColumn('list', 'varchar(32)', (column) => column.notNull())
    .addColumn('bucket', 'varchar(160)', (column) => column.notNull())
    .addColumn('n', flavor === 'postgres' ? 'bigint' : 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('amount', flavor === 'postgres' ? 'numeric' : 'real', (column) =>
      column.notNull().defaultTo(0),
    )
    .addPrimaryKeyConstraint('list_counters_pk', ['list', 'bucket'])
    .execute();
}

/** Removes the triggers (a bulk load then recounts with `installCounterMachinery`). */
export async function dropCounterMachinery(db: AnyDb): Promise<void> {
  await dropCounterTriggers(db, flavorOf(db));
}

/** Recounts every list and (re)creates the triggers that keep the counts. */
export async function installCounterMachinery(
  db: AnyDb,
  options: MachineryOptions = WITH_ROLLUPS,
): Promise<void> {
  const flavor = flavorOf(db);
  await dropCounterTriggers(db, flavor);
  await recountAll(db, flavor, options);
  await createCounterTriggers(db, flavor, options);
}
