import type BetterSqlite3 from 'better-sqlite3';
import type { SearchableTable } from './search.js';

/*
 * SQLite: a one-character term is searched as the start of a word (' ' + term, db/search.ts), two
 * characters that no trigram holds, so it was a LIKE over each visited row, and over every row of a
 * related table (the users a report names: `reports?search=q` 900 ms at a million users). Every word
 * of a stored text follows a space (lib/search-text.ts): the words starting with 'q' are the texts
 * holding one of the index's trigrams ' q…' (' qa', ' qu', ' q '...). Each text index's vocabulary
 * (FTS5's `fts5vocab`, a virtual table over the index, nothing stored) lists those trigrams; ORed,
 * they are the term's FTS5 query. Only a one-letter word ending a text has no such trigram: it is not
 * found (every text ends with a longer word in practice: an e-mail, a phone, a username).
 *
 * The vocabularies are temporary tables of each connection, made when it opens: no schema change,
 * and they read whichever index bears the name (the seed creates its indexes anew).
 */

/** The searchable texts whose trigram indexes have a vocabulary (all but the journal's: no word starts). */
const WORD_START_TABLES = [
  'users',
  'provider_profiles',
  'projects',
  'provider_verifications',
  'client_verifications',
  'disputes',
  'dispute_parties',
  'reports',
  'notifications',
  'conversations',
] as const satisfies readonly SearchableTable[];

/** The vocabulary table (in `temp`) of the text index `index`. */
export function vocabularyOf(index: string): string {
  return `${index}_vocab`;
}

/** Makes the vocabularies of the text indexes on a new connection. */
export function createWordStartVocabularies(sqlite: BetterSqlite3.Database): void {
  for (const table of WORD_START_TABLES) {
    const index = `${table}_fts`;
    sqlite.exec(
      `create virtual table if not exists temp."${vocabularyOf(index)}" using fts5vocab(main, "${index}", row)`,
    );
  }
}
