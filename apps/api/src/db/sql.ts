import {
  type Expression,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresAdapter,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
  type SelectQueryBuilder,
  sql,
  type UnknownRow,
} from 'kysely';
import type { Dialect } from './database.js';

/*
 * The few places where SQLite and PostgreSQL differ. Everything else is written once with Kysely's
 * builder.
 */

export function dialectOf<DB>(db: Kysely<DB>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * SQLite has no boolean type: booleans are bound as 1/0 (by the statements of `StatementCache`), and
 * every `is_*` column read back as 0/1 becomes a boolean again (naming rule: boolean columns and
 * aliases start with `is_`). Queries pass through untouched: rewriting each query's operation tree
 * cost about 4 % of a list request's CPU.
 */
export class SqliteBooleanPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const key of Object.keys(row)) {
        if (key.startsWith('is_') || key.includes('__is_')) {
          const value = row[key];
          if (value === 0 || value === 1) row[key] = value === 1;
        }
      }
    }
    return args.result;
  }
}

/** Escapes LIKE wildcards so user text matches literally (escape character: backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** YYYY-MM of a timestamp column, in UTC. */
export function monthOf(dialect: Dialect, column: Expression<string>): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`
    : sql<string>`substr(${column}, 1, 7)`;
}

/** YYYY-MM-DDTHH of a timestamp column, in UTC. */
export function hourOf(dialect: Dialect, column: Expression<string>): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
    : sql<string>`substr(${column}, 1, 13)`;
}

/** JSON array columns are stored as text on both databases. */
export function toJsonArray(values: readonly string[]): string {
  return JSON.stringify(values);
}

export function parseJsonArray(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Current time as the ISO string stored in timestamp columns. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Hours between two timestamp columns (fractional). */
export function hoursBetween(
  dialect: Dialect,
  from: Expression<string>,
  to: Expression<string | null>,
): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`extract(epoch from (${to} - ${from})) / 3600.0`
    : sql<number>`(julianday(${to}) - julianday(${from})) * 24.0`;
}

/** Case-insensitive "contains" on a plain text column (standard SQL, same on both databases). */
export function lowerContains(column: Expression<string | null>, term: string): RawBuilder<boolean> {
  return sql<boolean>`lower(coalesce(${column}, '')) like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`;
}

/**
 * Locks the selected rows until the transaction ends on PostgreSQL (`FOR UPDATE`), so that two
 * concurrent transactions checking the same rule wait for each other. SQLite needs nothing: its
 * writes are serialized on the one connection.
 */
export function lockRowsOnPostgres<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: Dialect,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/**
 * How many users are deleted, counted through their index up to `limit` (a deletion is exceptional:
 * a few entries). A bound of the rows a list of live users' rows leaves out, one per user.
 */
export async function deletedUsersUpTo<DB>(db: Kysely<DB>, limit: number): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`
    select count(*) as count from (
      select 1 from users where deleted_at is not null limit ${limit}
    ) as deleted_users`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/**
 * How many rows of `table` belong to deleted users (its `user_id` column, indexed), counted up to
 * `limit`: the rows a list of live users' rows leaves out, when a user may have several. `cross join`
 * keeps SQLite starting from the few deleted users: without statistics it walked every row of the
 * table to look their users up (0.15 s at a million users).
 */
export async function rowsOfDeletedUsersUpTo<DB>(
  db: Kysely<DB>,
  table: VerificationTable,
  limit: number,
): Promise<number> {
  const { rows } = await rowsOfDeletedUsersQuery(table, limit).execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** The tables of users' identity verifications, several per user. */
export type VerificationTable = 'provider_verifications' | 'client_verifications';

export function rowsOfDeletedUsersQuery(table: VerificationTable, limit: number) {
  return sql<{ count: number | string }>`
    select count(*) as count from (
      select 1 from users cross join ${sql.table(table)} owned
      where owned.user_id = users.id and users.deleted_at is not null limit ${limit}
    ) as left_out`;
}
