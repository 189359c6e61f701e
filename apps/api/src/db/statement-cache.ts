import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { RecentlyUsed } from '../lib/recently-used.js';
import { noteStatement } from './statement-reads.js';

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

/**
 * Whether a statement's columns are named by the schema at the time it runs (`select *`, `t.*`): a
 * kept statement is prepared again by SQLite after a schema change, and its columns may then differ.
 * Any `*` not read as `count(*)` counts (a multiplication too: it is only read the slower way).
 */
export function selectsAllColumns(sql: string): boolean {
  return /(?<!\()\*/.test(sql);
}

/** A row built from a raw row and its columns' names (the later of two equal names wins, as SQLite's objects). */
function rowObject(names: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < names.length; index += 1) row[names[index] as string] = values[index];
  return row;
}

/**
 * A prepared statement that binds booleans as 1/0 and builds its rows in JavaScript. better-sqlite3
 * builds each row object through V8's C++ API, which costs twice what the query does on a page of
 * rows (500 users: 1.8 ms, 1.0 ms from raw rows) and three times on a list of ids (2,500 matches of a
 * search: 0.95 ms, 0.37 ms plucked). A reader whose columns are named in its SQL reads raw rows (a
 * single column plucked) and names them here; a `select *` keeps better-sqlite3's objects.
 */
class KeptStatement implements SqliteStatement {
  readonly #statement: BetterSqlite3.Statement;
  /** The columns' names when rows are built here; null when better-sqlite3 builds them. */
  readonly #names: readonly string[] | null;
  readonly #sql: string;

  constructor(statement: BetterSqlite3.Statement, sql: string) {
    this.#statement = statement;
    this.#sql = sql;
    this.#names =
      statement.reader && !selectsAllColumns(sql) ? statement.columns().map((column) => column.name) : null;
    if (this.#names?.length === 1) statement.pluck(true);
    else if (this.#names) statement.raw(true);
  }

  get reader(): boolean {
    return this.#statement.reader;
  }

  /** Still iterating (a streamed query): it cannot run again until done. */
  get busy(): boolean {
    return this.#statement.busy;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    noteStatement(this.#sql, parameters, this.#statement.reader);
    const rows = this.#statement.all(sqliteParameters(parameters));
    const names = this.#names;
    return names ? rows.map((row) => this.#row(names, row)) : rows;
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    noteStatement(this.#sql, parameters, false);
    return this.#statement.run(sqliteParameters(parameters));
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    noteStatement(this.#sql, parameters, this.#statement.reader);
    const names = this.#names;
    const rows = this.#statement.iterate(sqliteParameters(parameters));
    if (!names) {
      yield* rows;
      return;
    }
    for (const row of rows) yield this.#row(names, row);
  }

  #row(names: readonly string[], row: unknown): Record<string, unknown> {
    if (names.length === 1) return { [names[0] as string]: row };
    return rowObject(names, row as unknown[]);
  }
}

export class StatementCache implements SqliteDatabase {
  readonly #database: BetterSqlite3.Database;
  readonly #statements: RecentlyUsed<string, KeptStatement>;
  readonly #maxSqlLength: number;

  constructor(database: BetterSqlite3.Database, options: StatementCacheOptions = {}) {
    this.#database = database;
    this.#statements = new RecentlyUsed(options.size ?? STATEMENT_CACHE_SIZE);
    this.#maxSqlLength = options.maxSqlLength ?? CACHED_SQL_MAX_LENGTH;
  }

  /** A transaction is open on the connection. */
  get inTransaction(): boolean {
    return this.#database.inTransaction;
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
    if (kept) return kept;
    const statement = this.#fresh(sql);
    this.#statements.set(sql, statement);
    return statement;
  }

  #fresh(sql: string): KeptStatement {
    return new KeptStatement(this.#database.prepare(sql), sql);
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }
}
