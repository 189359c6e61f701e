import { normalizeSearchText } from '@kwanza/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from './database.js';
import { escapeLike } from './sql.js';

/*
 * Free-text search through each table's text index (see migrations/support/search-index.ts):
 * - SQLite: the FTS5 trigram table `<table>_fts` finds the rows whose `search_text` contains the
 *   term (3 characters or more); shorter terms, which trigrams cannot serve, fall back to LIKE;
 * - PostgreSQL: `search_text like '%…%'`, served by the pg_trgm GIN index.
 * Accents and case never matter: terms are normalized like the stored texts.
 */

export type SearchableTable =
  | 'users'
  | 'provider_profiles'
  | 'projects'
  | 'provider_verifications'
  | 'disputes'
  | 'reports'
  | 'notifications'
  | 'audit_entries';

const TRIGRAM = 3;

/** The FTS5 phrase of a term: the whole normalized term, matched as a substring. */
export function ftsPhrase(term: string): string {
  return `"${normalizeSearchText(term).replaceAll('"', '""')}"`;
}

/**
 * A condition "the row of `table` (aliased `alias`, default the table) whose id is `idColumn`
 * contains `term`": `<id> in (FTS matches)` on SQLite, an index-served LIKE on PostgreSQL.
 */
export function searchMatches(
  dialect: Dialect,
  table: SearchableTable,
  term: string,
  options: { alias?: string; idColumn?: string } = {},
): RawBuilder<boolean> {
  const alias = options.alias ?? table;
  const normalized = normalizeSearchText(term);
  const idRef = sql.ref(`${alias}.${options.idColumn ?? 'id'}`);
  if (dialect === 'sqlite' && [...normalized].length >= TRIGRAM) {
    const fts = sql.table(`${table}_fts`);
    return sql<boolean>`${idRef} in (select rowid from ${fts} where ${fts} match ${ftsPhrase(term)})`;
  }
  if (options.idColumn) {
    return sql<boolean>`${idRef} in (select s.id from ${sql.table(table)} s where s.search_text like ${`%${escapeLike(normalized)}%`} escape '\\')`;
  }
  return sql<boolean>`${sql.ref(`${alias}.search_text`)} like ${`%${escapeLike(normalized)}%`} escape '\\'`;
}
