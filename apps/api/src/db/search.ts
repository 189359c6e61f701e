import { normalizeSearchText } from '@kwanza/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from './database.js';
import { escapeLike } from './sql.js';

/*
 * Free-text search through each table's text index (see migrations/support/search-index.ts):
 * - SQLite: the FTS5 trigram table `<table>_fts` finds the rows whose `search_text` contains the
 *   term;
 * - PostgreSQL: `search_text like '%…%'`, served by the pg_trgm GIN index.
 * Accents and case never matter: terms are normalized like the stored texts.
 *
 * Terms of three characters or more match anywhere (infix). Shorter terms, which no trigram can
 * serve, match the start of a word: every stored text begins with a space (lib/search-text), so the
 * start of a word is ' ' + term — three characters on SQLite's trigram index for a two-character term,
 * a word-start trigram for pg_trgm. Only a one-character term on SQLite is left to a LIKE scan; it
 * matches so many rows that the page and the capped count stop early. The audit journal's texts
 * (written before that rule, and never rewritten) keep infix matching of short terms, by LIKE.
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

/** Tables whose texts start with a space, so that short terms match word starts. */
function hasWordStarts(table: SearchableTable | 'notification_broadcasts'): boolean {
  return table !== 'audit_entries';
}

/** What a term is searched as: the normalized term, or ' ' + term for a short one (a word start). */
export function searchedText(term: string, table: SearchableTable | 'notification_broadcasts'): string {
  const normalized = normalizeSearchText(term);
  return [...normalized].length < TRIGRAM && hasWordStarts(table) ? ` ${normalized}` : normalized;
}

/** The LIKE pattern of a term on `table`'s `search_text` (same matches as its text index). */
export function searchLikePattern(term: string, table: SearchableTable | 'notification_broadcasts'): string {
  return `%${escapeLike(searchedText(term, table))}%`;
}

/** The FTS5 phrase of a searched text: matched as a substring. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
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
  const text = searchedText(term, table);
  const idRef = sql.ref(`${alias}.${options.idColumn ?? 'id'}`);
  if (dialect === 'sqlite' && [...text].length >= TRIGRAM) {
    const fts = sql.table(`${table}_fts`);
    return sql<boolean>`${idRef} in (select rowid from ${fts} where ${fts} match ${ftsPhrase(text)})`;
  }
  const pattern = searchLikePattern(term, table);
  if (options.idColumn) {
    return sql<boolean>`${idRef} in (select s.id from ${sql.table(table)} s where s.search_text like ${pattern} escape '\\')`;
  }
  return sql<boolean>`${sql.ref(`${alias}.search_text`)} like ${pattern} escape '\\'`;
}
