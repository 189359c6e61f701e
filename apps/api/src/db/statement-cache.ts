import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/*
 * better-sqlite3 behind Kysely with its prepared statements kept, by SQL text. Kysely's SQLite driver
 * prepares every query it runs; a list request runs the same few statements each time, and preparing
 * them (parsing, planning) costs as much as running them on an indexed page. Kept statements are
 * reused; the least recently used go past `size`. Long SQL (a long literal id list, a seed's
 * multi-row insert) is rarely run twice and heavy to keep: it is prepared each time.
 */

export const STATEMENT_CACHE_SIZE = 256;
export const CACHED_SQL_MAX_LENGTH = 8_192;

export interface StatementCacheOptions {
  size?: number;
  maxSqlLength?: number;
}

export class StatementCache implements SqliteDatabase {
  readonly #database: BetterSqlite3.Database;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  readonly #size: number;
  readonly #maxSqlLength: number;

  constructor(database: BetterSqlite3.Database, options: StatementCacheOptions = {}) {
    this.#database = database;
    this.#size = options.size ?? STATEMENT_CACHE_SIZE;
    this.#maxSqlLength = options.maxSqlLength ?? CACHED_SQL_MAX_LENGTH;
  }

  /** Statements kept now. */
  get size(): number {
    return this.#statements.size;
  }

  prepare(sql: string): SqliteStatement {
    if (sql.length > this.#maxSqlLength) return this.#database.prepare(sql);
    const kept = this.#statements.get(sql);
    // A statement still iterating (a streamed query) cannot run again: a fresh one does.
    if (kept?.busy) return this.#database.prepare(sql);
    if (kept) {
      this.#statements.delete(sql);
      this.#statements.set(sql, kept);
      return kept;
    }
    const statement = this.#database.prepare(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.#size) {
      const oldest = this.#statements.keys().next();
      if (!oldest.done) this.#statements.delete(oldest.value);
    }
    return statement;
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }
}
