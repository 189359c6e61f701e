import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/*
 * better-sqlite3 behind Kysely with its prepared statements kept, by SQL text. Kysely's SQLite driver
 * prepares every query it runs; a list request runs the same few statements each time, and preparing
 * them (parsing, planning) costs as much as running them on an indexed page. Kept statements are
 * reused; the least recently used go past `size`. Long SQL (a long literal id list, a seed's
 * multi-row insert) is rarely run twice and heavy to keep: it is prepared each time.
 *
 * SQLite has no boolean type and better-sqlite3 refuses to bind JS booleans: the statements handed
 * out bind them as 1/0. Doing it here, on the parameters, costs a loop over a few values; a Kysely
 * plugin would rewrite every query's whole operation tree on every request.
 */

export const STATEMENT_CACHE_SIZE = 256;
export const CACHED_SQL_MAX_LENGTH = 8_192;

export interface StatementCacheOptions {
  size?: number;
  maxSqlLength?: number;
}

/** The parameters as better-sqlite3 binds them: booleans as 1/0 (a copy only when there is one). */
export function sqliteParameters(parameters: ReadonlyArray<unknown>): ReadonlyArray<unknown> {
  for (let index = 0; index < parameters.length; index += 1) {
    if (typeof parameters[index] === 'boolean') {
      return parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value));
    }
  }
  return parameters;
}

/** A prepared statement that binds booleans as 1/0. */
class BooleanBindingStatement implements SqliteStatement {
  readonly #statement: BetterSqlite3.Statement;

  constructor(statement: BetterSqlite3.Statement) {
    this.#statement = statement;
  }

  get reader(): boolean {
    return this.#statement.reader;
  }

  /** Still iterating (a streamed query): it cannot run again until done. */
  get busy(): boolean {
    return this.#statement.busy;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(sqliteParameters(parameters));
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(sqliteParameters(parameters));
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#statement.iterate(sqliteParameters(parameters));
  }
}

export class StatementCache implements SqliteDatabase {
  readonly #database: BetterSqlite3.Database;
  readonly #statements = new Map<string, BooleanBindingStatement>();
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
    if (sql.length > this.#maxSqlLength) return this.#fresh(sql);
    const kept = this.#statements.get(sql);
    // A statement still iterating (a streamed query) cannot run again: a fresh one does.
    if (kept?.busy) return this.#fresh(sql);
    if (kept) {
      this.#statements.delete(sql);
      this.#statements.set(sql, kept);
      return kept;
    }
    const statement = this.#fresh(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.#size) {
      const oldest = this.#statements.keys().next();
      if (!oldest.done) this.#statements.delete(oldest.value);
    }
    return statement;
  }

  #fresh(sql: string): BooleanBindingStatement {
    return new BooleanBindingStatement(this.#database.prepare(sql));
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }
}
