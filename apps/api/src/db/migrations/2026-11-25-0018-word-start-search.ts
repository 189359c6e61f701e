import { type Kysely, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * Every non-empty `search_text` (but the audit journal's, which is append-only) now begins with a
 * space, as lib/search-text writes it from now on: each word then follows a space, and a search of
 * one or two characters — too short for a trigram — looks for ' ' + term, the start of a word, which
 * SQLite's trigram index (two characters) and pg_trgm (word-start trigrams) serve. The text indexes
 * follow the update through their triggers (SQLite) or by themselves (PostgreSQL).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

const TABLES = [
  'users',
  'provider_profiles',
  'projects',
  'provider_verifications',
  'disputes',
  'reports',
  'notifications',
  'notification_broadcasts',
] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await sql
      .raw(
        `update ${table} set search_text = ' ' || search_text where search_text <> '' and substr(search_text, 1, 1) <> ' '`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await sql
      .raw(`update ${table} set search_text = substr(search_text, 2) where substr(search_text, 1, 1) = ' '`)
      .execute(db);
  }
}
