/*
 * PostgreSQL plans every statement it is sent, unless it was prepared under a name on that
 * connection: then, after five executions, it keeps one generic plan whenever that plan costs no
 * more than the custom ones. A list page's rows, read by their ids with their joins over large
 * tables, spent most of their time being planned at a million users: named, a conversations page
 * 2.0 → 0.55 ms, notifications 1.3 → 0.5, users 0.78 → 0.48 (warm connection, median of 40); the
 * session check 0.35 → 0.2.
 *
 * Only statements whose best plan cannot depend on their values are named (`nameOnPostgres`): the
 * rows of a page by their ids, the precompiled reads. A search's or a filter's plan depends on its
 * values (a generic plan for `limit $1` hash-joins whole tables: 300 ms where 1.3 ms was planned), so
 * every other statement stays unnamed and planned each time. The names are kept per process (a text
 * always takes the same name); each connection prepares a name the first time it runs it (pg keeps
 * which it has). SQLite needs none of this: its statements are cached by text (db/statement-cache).
 */

import type { Dialect } from './database.js';

/** At most this many texts are named (each list and page size, one; its last pages, a few more). */
const MAX_NAMED = 500;

const names = new Map<string, string>();

/** Runs `text` as a named prepared statement on PostgreSQL from now on. */
export function nameOnPostgres(text: string): void {
  if (names.has(text) || names.size >= MAX_NAMED) return;
  names.set(text, `kwanza_${names.size + 1}`);
}

/**
 * Runs `query` named on PostgreSQL (on SQLite as it is): for a statement whose plan depends only on
 * how many values it has (rows by their ids, with their joins).
 */
export function executeNamed<R>(
  dialect: Dialect,
  query: { compile(): { sql: string }; execute(): Promise<R[]> },
): Promise<R[]> {
  if (dialect === 'postgres') nameOnPostgres(query.compile().sql);
  return query.execute();
}

/** The statement name of `text`, when it was named. */
export function postgresStatementName(text: string): string | undefined {
  return names.get(text);
}
