import { sql } from 'kysely';
import { type Flavor, flavorOf } from './counters.js';

/*
 * Frozen with the migration that created it (2026-11-23-0001): no application imports.
 *
 * Every `search_text` column (normalized: lower case, accents removed) gets a real text index:
 * - SQLite: an external-content FTS5 table `<table>_fts` with the trigram tokenizer (infix matches
 *   of 3+ characters), kept in step by triggers;
 * - PostgreSQL: a `pg_trgm` GIN index, which serves `search_text like '%…%'` directly.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = import('kysely').Kysely<any>;

export const SEARCHABLE_TABLES = [
  'users',
  'provider_profiles',
  'projects',
  'provider_verifications',
  'disputes',
  'reports',
  'notifications',
] as const;

async function createSqliteTriggers(db: AnyDb, table: string): Promise<void> {
  const fts = `${table}_fts`;
  await sql
    .raw(`create trigger ${fts}_insert after insert on ${table} begin
      insert into ${fts} (rowid, search_text) values (NEW.id, NEW.search_text); end`)
    .execute(db);
  await sql
    .raw(`create trigger ${fts}_delete after delete on ${table} begin
      insert into ${fts} (${fts}, rowid, search_text) values ('delete', OLD.id, OLD.search_text); end`)
    .execute(db);
  await sql
    .raw(`create trigger ${fts}_update after update of search_text on ${table} begin
      insert into ${fts} (${fts}, rowid, search_text) values ('delete', OLD.id, OLD.search_text);
      insert into ${fts} (rowid, search_text) values (NEW.id, NEW.search_text); end`)
    .execute(db);
}

async function dropSqliteTriggers(db: AnyDb, table: string): Promise<void> {
  for (const suffix of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger if exists ${table}_fts_${suffix}`).execute(db);
  }
}

export async function createSearchIndexes(db: AnyDb, flavor: Flavor): Promise<void> {
  if (flavor === 'postgres') {
    await sql.raw('create extension if not exists pg_trgm').execute(db);
    for (const table of SEARCHABLE_TABLES) {
      await sql
        .raw(`create index ${table}_search_trgm_idx on ${table} using gin (search_text gin_trgm_ops)`)
        .execute(db);
    }
    return;
  }
  for (const table of SEARCHABLE_TABLES) {
    await sql
      .raw(
        `create virtual table ${table}_fts using fts5(search_text, content='${table}', content_rowid='id', tokenize='trigram')`,
      )
      .execute(db);
    await sql.raw(`insert into ${table}_fts (${table}_fts) values ('rebuild')`).execute(db);
    await createSqliteTriggers(db, table);
  }
}

export async function dropSearchIndexes(db: AnyDb, flavor: Flavor): Promise<void> {
  for (const table of SEARCHABLE_TABLES) {
    if (flavor === 'postgres') {
      await sql.raw(`drop index if exists ${table}_search_trgm_idx`).execute(db);
    } else {
      await dropSqliteTriggers(db, table);
      await sql.raw(`drop table if exists ${table}_fts`).execute(db);
    }
  }
}

/** Seed bulk load: the SQLite sync triggers go, then `rebuildSearchIndexes` re-indexes everything at once. */
export async function dropSearchSync(db: AnyDb): Promise<void> {
  if (flavorOf(db) !== 'sqlite') return;
  for (const table of SEARCHABLE_TABLES) await dropSqliteTriggers(db, table);
}

/**
 * `builtApart`: tables whose text index the seed built otherwise (seed/parallel-text-indexes): their
 * sync triggers come back, their index is not rebuilt.
 */
export async function rebuildSearchIndexes(db: AnyDb, builtApart: readonly string[] = []): Promise<void> {
  if (flavorOf(db) !== 'sqlite') return;
  for (const table of SEARCHABLE_TABLES) {
    await dropSqliteTriggers(db, table);
    if (!builtApart.includes(table)) {
      await sql.raw(`insert into ${table}_fts (${table}_fts) values ('rebuild')`).execute(db);
    }
    await createSqliteTriggers(db, table);
  }
}
