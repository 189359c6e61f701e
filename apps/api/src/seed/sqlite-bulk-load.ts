import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { dialectOf } from '../db/sql.js';

/*
 * SQLite settings for a bulk load, restored afterwards. With the default 2 MB page cache, inserting
 * millions of rows into tables with several random-order indexes evicts and rewrites the same index
 * pages over and over; a larger cache and rarer WAL checkpoints cut the disk writes several times over.
 * Foreign keys are not checked row by row during the load: the seed references only ids it has just
 * inserted (its API test runs `pragma foreign_key_check` afterwards). PostgreSQL needs nothing here.
 */

const BULK_CACHE_KIB = 131_072;
const BULK_WAL_AUTOCHECKPOINT_PAGES = 16_384;

async function pragmaValue(db: Kysely<Database>, name: 'cache_size' | 'wal_autocheckpoint'): Promise<number> {
  const result = await sql<Record<string, number>>`pragma ${sql.raw(name)}`.execute(db);
  const row = result.rows[0];
  return row ? Number(Object.values(row)[0]) : 0;
}

export function isSqlite(db: Kysely<Database>): boolean {
  return dialectOf(db) === 'sqlite';
}

export async function withSqliteBulkLoadSettings<T>(
  db: Kysely<Database>,
  load: () => Promise<T>,
): Promise<T> {
  if (!isSqlite(db)) return load();
  const cacheSize = await pragmaValue(db, 'cache_size');
  const autocheckpoint = await pragmaValue(db, 'wal_autocheckpoint');
  await sql`pragma ${sql.raw(`cache_size = ${-BULK_CACHE_KIB}`)}`.execute(db);
  await sql`pragma ${sql.raw(`wal_autocheckpoint = ${BULK_WAL_AUTOCHECKPOINT_PAGES}`)}`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    return await load();
  } finally {
    await sql`pragma ${sql.raw(`cache_size = ${Math.trunc(cacheSize)}`)}`.execute(db);
    await sql`pragma ${sql.raw(`wal_autocheckpoint = ${Math.trunc(autocheckpoint)}`)}`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
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

/** Indexes the triggers of the loaded tables look rows up by (kept during the load). */
const TRIGGER_LOOKUPS = ['provider_verifications_user_idx', 'client_verifications_user_idx'];

/**
 * Text indexes kept by an insert trigger that the seed's other stages do not drop (the audit
 * journal's, outside the searchable tables of migrations/support/search-index): the trigger stands
 * aside during the load and the index is rebuilt once from its content table.
 */
const DEFERRED_TEXT_INDEXES = [{ fts: 'audit_entries_fts', trigger: 'audit_entries_fts_insert' }];

/**
 * SQLite: drops the loaded tables' secondary indexes (not the unique constraints' automatic ones)
 * and the deferred text indexes' insert triggers, runs the load, then creates them again from their
 * own SQL and rebuilds those text indexes, inside the caller's transaction. Building an index once
 * from sorted rows is many times cheaper than updating a dozen random-order indexes row by row; the
 * schema ends exactly as it began.
 */
export async function withDeferredIndexes<T>(trx: Kysely<Database>, load: () => Promise<T>): Promise<T> {
  if (!isSqlite(trx)) return load();
  const tables = sql.join(LOADED_TABLES.map((table) => sql.lit(table)));
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master
    where type = 'index' and sql is not null and tbl_name in (${tables})
      and name not in (${sql.join(TRIGGER_LOOKUPS.map((name) => sql.lit(name)))})
    order by name`.execute(trx);
  const triggerNames = sql.join(DEFERRED_TEXT_INDEXES.map((deferred) => sql.lit(deferred.trigger)));
  const triggers = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and name in (${triggerNames})
    order by name`.execute(trx);
  for (const index of rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  for (const trigger of triggers.rows) await sql`drop trigger ${sql.id(trigger.name)}`.execute(trx);
  const result = await load();
  for (const index of rows) await sql.raw(index.sql).execute(trx);
  for (const deferred of DEFERRED_TEXT_INDEXES) {
    if (!triggers.rows.some((trigger) => trigger.name === deferred.trigger)) continue;
    await sql.raw(`insert into ${deferred.fts} (${deferred.fts}) values ('rebuild')`).execute(trx);
  }
  for (const trigger of triggers.rows) await sql.raw(trigger.sql).execute(trx);
  return result;
}
