import { availableParallelism } from 'node:os';
import { type Kysely, sql } from 'kysely';
import { textIndexTables } from '../db/migrations/support/text-index-segments.js';
import type { Database } from '../db/schema.js';
import { dialectOf } from '../db/sql.js';

/*
 * The seed's bulk load: what stands aside while it runs in its one transaction, and comes back at the
 * end of that transaction (secondary indexes on both databases, foreign keys on PostgreSQL).
 *
 * SQLite settings for a bulk load, restored afterwards. With the default 2 MB page cache, inserting
 * millions of rows into tables with several random-order indexes evicts and rewrites the same index
 * pages over and over; a larger cache and rarer WAL checkpoints cut the disk writes several times over.
 * Foreign keys are not checked row by row during the load: the seed references only ids it has just
 * inserted (its API test runs `pragma foreign_key_check` afterwards). PostgreSQL needs none of these settings;
 * its foreign keys are dropped and added again (withDeferredIndexes).
 *
 * The load runs with a rollback journal instead of the write-ahead log when this connection is the
 * database's only one. In WAL mode every page of the load is written twice: to the log, then copied
 * into the database by the checkpoint after the commit (5.7 GB twice at a million users, the commit
 * alone 28 s). A rollback journal keeps only the pages that existed before the load (pages appended
 * past the file's original end are undone by truncating it), so the new pages go once, straight to
 * the database file; all or nothing still holds, across a crash too (the journal left behind is rolled
 * back when the file is next opened). Every connection sets WAL again when it opens the file
 * (db/database), and so does the load when it ends.
 */

const BULK_CACHE_KIB = 131_072;
const BULK_WAL_AUTOCHECKPOINT_PAGES = 16_384;

async function pragmaValue(
  db: Kysely<Database>,
  name: 'cache_size' | 'wal_autocheckpoint' | 'threads',
): Promise<number> {
  const result = await sql<Record<string, number>>`pragma ${sql.raw(name)}`.execute(db);
  const row = result.rows[0];
  return row ? Number(Object.values(row)[0]) : 0;
}

export function isSqlite(db: Kysely<Database>): boolean {
  return dialectOf(db) === 'sqlite';
}

export async function journalMode(db: Kysely<Database>): Promise<string> {
  const result = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
  return String(result.rows[0]?.journal_mode ?? '').toLowerCase();
}

/** Sets the journal mode and returns the one in force (unchanged when another connection is open). */
export async function setJournalMode(db: Kysely<Database>, mode: 'delete' | 'wal'): Promise<string> {
  try {
    const result = await sql<{ journal_mode: string }>`pragma ${sql.raw(`journal_mode = ${mode}`)}`.execute(
      db,
    );
    return String(result.rows[0]?.journal_mode ?? '').toLowerCase();
  } catch {
    // Leaving WAL needs the only connection: with another one open (a running server) it stays.
    return journalMode(db);
  }
}

export async function withSqliteBulkLoadSettings<T>(
  db: Kysely<Database>,
  load: () => Promise<T>,
): Promise<T> {
  if (!isSqlite(db)) return load();
  const cacheSize = await pragmaValue(db, 'cache_size');
  const autocheckpoint = await pragmaValue(db, 'wal_autocheckpoint');
  // An in-memory database has no journal file to choose: only a file in WAL mode is switched.
  const leftWal = (await journalMode(db)) === 'wal' && (await setJournalMode(db, 'delete')) === 'delete';
  await sql`pragma ${sql.raw(`cache_size = ${-BULK_CACHE_KIB}`)}`.execute(db);
  await sql`pragma ${sql.raw(`wal_autocheckpoint = ${BULK_WAL_AUTOCHECKPOINT_PAGES}`)}`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    return await load();
  } finally {
    await sql`pragma ${sql.raw(`cache_size = ${Math.trunc(cacheSize)}`)}`.execute(db);
    await sql`pragma ${sql.raw(`wal_autocheckpoint = ${Math.trunc(autocheckpoint)}`)}`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
    if (leftWal) await setJournalMode(db, 'wal');
  }
}

/** Tables the seed fills; their secondary indexes are built once, after the load. */
const LOADED_TABLES = [
  'users',
  'provider_profiles',
  'provider_verifications',
  'client_verifications',
  'projects',
  'offers',
  'disputes',
  'dispute_evidence',
  'reports',
  'conversations',
  'messages',
  'notifications',
  'audit_entries',
];

/**
 * Text indexes kept by an insert trigger that the seed's other stages do not drop (the audit
 * journal's and the client verifications', outside the searchable tables of
 * migrations/support/search-index; the seed writes every client verification's text itself): the
 * trigger stands aside during the load and the index is rebuilt once from its content table.
 */
const DEFERRED_TEXT_INDEXES = [
  { fts: 'audit_entries_fts', trigger: 'audit_entries_fts_insert' },
  { fts: 'client_verifications_fts', trigger: 'client_verifications_fts_insert' },
];

/**
 * Row triggers that keep a value of another table and would run once per loaded row: each
 * verification rewrote its user's row (the user's verification status, looked up through an index
 * kept for it), each user updated the broadcast audience's row, each provider profile and
 * verification read its user's deletion (on PostgreSQL, locking the user). They stand aside during
 * the load: the seed writes each user's status in the user's row (its only verification's), its
 * users are all live (their rows' `user_deleted_at` stays null), and the audience is counted once at
 * the end. SQLite: dropped, then created again from their own SQL; PostgreSQL: disabled, then
 * enabled (its audience triggers run once per statement: they stay).
 */
const SQLITE_ROW_TRIGGERS = [
  'client_verifications_sync_insert',
  'provider_verifications_sync_insert',
  'users_audience_insert',
  'provider_profiles_owner_deleted_insert',
  'provider_verifications_owner_deleted_insert',
  'client_verifications_owner_deleted_insert',
];
const POSTGRES_ROW_TRIGGERS = [
  { table: 'client_verifications', trigger: 'client_verifications_sync_user_status' },
  { table: 'provider_verifications', trigger: 'provider_verifications_sync_user_status' },
  { table: 'provider_profiles', trigger: 'provider_profiles_owner_deleted' },
  { table: 'provider_verifications', trigger: 'provider_verifications_owner_deleted' },
  { table: 'client_verifications', trigger: 'client_verifications_owner_deleted' },
];

/**
 * The version triggers of the loaded tables (migration 2026-11-30-0046, SQLite): each raised its
 * table's row of `table_versions` once per loaded row. They stand aside during the load, and every
 * version is raised once at its end, so that no process keeps an answer found before the load.
 */
const SQLITE_VERSION_TRIGGERS = LOADED_TABLES.flatMap((table) =>
  ['insert', 'update', 'delete'].map((event) => `${table}_version_${event}`),
);

/** The broadcast audience counted again (its triggers' condition: migration 2026-11-24-0010). */
async function recountBroadcastAudience(trx: Kysely<Database>): Promise<void> {
  await sql`update user_figures set n = (select count(*) from users u
      where u.is_active and u.deleted_at is null and u.role in ('client', 'provider'))
    where name = 'broadcast_audience'`.execute(trx);
}

/**
 * The page cache SQLite's sorter fills before it hands a sorted run to a helper thread (its runs are
 * as large as the cache: with the load's 128 MB each index was sorted in one run on this thread).
 */
const SORT_CACHE_KIB = 4096;
/** Helper threads SQLite's sorter may use (its build's own limit is 8). */
export function sortHelperThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/**
 * SQLite: runs `build` (index creations, grouped counts) with small sorted runs that helper threads
 * sort and merge while this thread reads the table; the cache and the thread count are set back
 * afterwards. A million users, in one transaction, on two cores: 18 of the load's secondary indexes
 * (projects', messages', users') 16.8–18.2 s with one 128 MB run each, 11.3 s with runs of 4 MB and
 * one helper thread, 9.8–10.3 s with two (with no helper thread, 4 MB runs alone give 14.9 s); the
 * counters' recount 8.2 → 4.4 s. PostgreSQL builds its indexes with its own parallel workers.
 */
export async function withParallelSorts<T>(trx: Kysely<Database>, build: () => Promise<T>): Promise<T> {
  if (!isSqlite(trx)) return build();
  const cacheSize = await pragmaValue(trx, 'cache_size');
  const threads = await pragmaValue(trx, 'threads');
  await sql`pragma ${sql.raw(`cache_size = ${-SORT_CACHE_KIB}`)}`.execute(trx);
  await sql`pragma ${sql.raw(`threads = ${sortHelperThreads()}`)}`.execute(trx);
  try {
    return await build();
  } finally {
    await sql`pragma ${sql.raw(`cache_size = ${Math.trunc(cacheSize)}`)}`.execute(trx);
    await sql`pragma ${sql.raw(`threads = ${Math.trunc(threads)}`)}`.execute(trx);
  }
}

/**
 * SQLite: drops the loaded tables' secondary indexes (the users' unique names and e-mails among them,
 * named indexes since migration 0045; not the automatic indexes of column constraints, which cannot
 * be dropped),
 * the deferred text indexes' insert triggers, the row triggers and the version triggers above, runs
 * the load, then creates them again from their own SQL, rebuilds those text indexes, raises every
 * table's version and recounts the audience, inside the
 * caller's transaction. Building an index once from sorted rows is many times cheaper than updating
 * a dozen random-order indexes row by row; the schema ends exactly as it began. `textIndexesBuiltApart`:
 * text indexes the seed builds otherwise (seed/parallel-text-indexes), not rebuilt here.
 */
export async function withDeferredIndexes<T>(
  trx: Kysely<Database>,
  load: () => Promise<T>,
  textIndexesBuiltApart: readonly string[] = [],
): Promise<T> {
  if (!isSqlite(trx)) return withDeferredPostgresIndexes(trx, load);
  const tables = sql.join(LOADED_TABLES.map((table) => sql.lit(table)));
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master
    where type = 'index' and sql is not null and tbl_name in (${tables})
    order by name`.execute(trx);
  const triggerNames = sql.join(
    [
      ...DEFERRED_TEXT_INDEXES.map((deferred) => deferred.trigger),
      ...SQLITE_ROW_TRIGGERS,
      ...SQLITE_VERSION_TRIGGERS,
    ].map((name) => sql.lit(name)),
  );
  const triggers = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and name in (${triggerNames})
    order by name`.execute(trx);
  for (const index of rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  for (const trigger of triggers.rows) await sql`drop trigger ${sql.id(trigger.name)}`.execute(trx);
  const result = await load();
  await withParallelSorts(trx, async () => {
    for (const index of rows) await sql.raw(index.sql).execute(trx);
  });
  for (const deferred of DEFERRED_TEXT_INDEXES) {
    if (!triggers.rows.some((trigger) => trigger.name === deferred.trigger)) continue;
    if (textIndexesBuiltApart.includes(deferred.fts)) continue;
    await sql.raw(`insert into ${deferred.fts} (${deferred.fts}) values ('rebuild')`).execute(trx);
  }
  for (const trigger of triggers.rows) await sql.raw(trigger.sql).execute(trx);
  if (triggers.rows.some((trigger) => SQLITE_VERSION_TRIGGERS.includes(trigger.name))) {
    await sql`update table_versions set version = version + 1`.execute(trx);
  }
  await recountBroadcastAudience(trx);
  return result;
}

/**
 * FTS5 gathers new entries in an in-memory hash and writes it out as a segment when it passes
 * `hashsize` (1 MB by default); each rebuild of a million rows then writes thousands of small segments
 * and merges them again and again. With 64 MB the seed's text indexes are built in few large segments:
 * the projects' (260 million trigrams at a million users) 34 → 16 s, the users' 7.1 → 4.5 s.
 */
export const BULK_TEXT_HASH_BYTES = 64 * 1024 * 1024;
/** FTS5's own default, set back when the load ends (the setting is kept in each index's config). */
export const DEFAULT_TEXT_HASH_BYTES = 1024 * 1024;

async function setTextHashSize(
  trx: Kysely<Database>,
  names: readonly string[],
  bytes: number,
): Promise<void> {
  // FTS5 wants an integer; bound numbers reach SQLite as reals, hence the literal.
  for (const name of names) {
    await sql`insert into ${sql.id(name)} (${sql.id(name)}, rank) values ('hashsize', ${sql.lit(Math.trunc(bytes))})`.execute(
      trx,
    );
  }
}

/** SQLite: runs `load` with every text index's in-memory hash at BULK_TEXT_HASH_BYTES. */
export async function withLargeTextIndexHashes<T>(trx: Kysely<Database>, load: () => Promise<T>): Promise<T> {
  if (!isSqlite(trx)) return load();
  const names = await textIndexTables(trx);
  await setTextHashSize(trx, names, BULK_TEXT_HASH_BYTES);
  const result = await load();
  await setTextHashSize(trx, names, DEFAULT_TEXT_HASH_BYTES);
  return result;
}

/** Memory PostgreSQL sorts each deferred index's entries in (its default, 64 MB, spills to disk). */
const BULK_MAINTENANCE_WORK_MEM = '512MB';

/**
 * PostgreSQL: the same for the loaded tables' secondary indexes that back no constraint (primary
 * keys and unique constraints stay: they check the load), and for their foreign keys. A trigram index
 * updated row by row keeps merging its pending list into the tree, and each inserted row's foreign
 * keys are checked by a lookup that locks the referenced row; built once from the loaded rows, an
 * index costs a fraction, and adding a foreign key back checks every row at once (one join), as
 * pg_restore does.
 */
async function withDeferredPostgresIndexes<T>(trx: Kysely<Database>, load: () => Promise<T>): Promise<T> {
  const tables = sql.join(LOADED_TABLES.map((table) => sql.lit(table)));
  const { rows } = await sql<{ name: string; definition: string }>`
    select index_class.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class index_class on index_class.oid = i.indexrelid
    join pg_class table_class on table_class.oid = i.indrelid
    where table_class.relnamespace = current_schema()::regnamespace
      and table_class.relname in (${tables})
      and not i.indisunique
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by index_class.relname`.execute(trx);
  const keys = await sql<{ table: string; name: string; definition: string }>`
    select table_class.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_class table_class on table_class.oid = c.conrelid
    where c.contype = 'f' and table_class.relnamespace = current_schema()::regnamespace
      and table_class.relname in (${tables})
    order by table_class.relname, c.conname`.execute(trx);
  for (const key of keys.rows) {
    await sql`alter table ${sql.id(key.table)} drop constraint ${sql.id(key.name)}`.execute(trx);
  }
  for (const index of rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  for (const { table, trigger } of POSTGRES_ROW_TRIGGERS) {
    await sql`alter table ${sql.id(table)} disable trigger ${sql.id(trigger)}`.execute(trx);
  }
  const result = await load();
  for (const { table, trigger } of POSTGRES_ROW_TRIGGERS) {
    await sql`alter table ${sql.id(table)} enable trigger ${sql.id(trigger)}`.execute(trx);
  }
  for (const key of keys.rows) {
    await sql`alter table ${sql.id(key.table)} add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(
      trx,
    );
  }
  await sql`select set_config('maintenance_work_mem', ${BULK_MAINTENANCE_WORK_MEM}, true)`.execute(trx);
  for (const index of rows) await sql.raw(index.definition).execute(trx);
  return result;
}
