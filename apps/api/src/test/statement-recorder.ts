import { type Kysely, type KyselyPlugin, sql } from 'kysely';
import { expect } from 'vitest';
import { precompiledSql } from '../db/precompiled.js';
import type { Database } from '../db/schema.js';

/**
 * A handle on `db` that records each statement it runs (its query id, when its result comes back):
 * precompiled statements included, which skip the plugins' query transform but not the result's.
 */
export function recordingStatements(db: Kysely<Database>): { db: Kysely<Database>; statements: string[] } {
  const statements: string[] = [];
  const recorded = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements.push(args.queryId.queryId);
      return args.result;
    },
  });
  return { db: recorded, statements };
}

/** A handle on `db` that records how many rows each statement it runs returned. */
export function recordingRowCounts(db: Kysely<Database>): { db: Kysely<Database>; rowCounts: number[] } {
  const rowCounts: number[] = [];
  const recorded = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      rowCounts.push(args.result.rows.length);
      return args.result;
    },
  });
  return { db: recorded, rowCounts };
}

/**
 * Records the kind of each statement a database handle runs (a raw one: a witnesses' check, db/
 * capped-witnesses); a statement only compiled (a key) has no result and is not recorded.
 */
export function recordingStatementKinds(db: Kysely<Database>): { db: Kysely<Database>; kinds: string[] } {
  const kinds: string[] = [];
  const compiled = new WeakMap<object, string>();
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      compiled.set(args.queryId, args.node.kind);
      return args.node;
    },
    async transformResult(args) {
      kinds.push(compiled.get(args.queryId) ?? 'unknown');
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), kinds };
}

/**
 * Records the SQL text of each statement a database handle runs (compiled as the handle compiles it),
 * when its result comes back.
 */
export function recordingSql(db: Kysely<Database>): { db: Kysely<Database>; texts: string[] } {
  const texts: string[] = [];
  const compiled = new WeakMap<object, string>();
  const executor = db.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      compiled.set(args.queryId, executor.compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    async transformResult(args) {
      texts.push(compiled.get(args.queryId) ?? precompiledSql(args.queryId) ?? 'unknown');
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), texts };
}

/** Whether a statement's text (`recordingSql`) is SQLite's check of kept witnesses (db/capped-witnesses). */
export function isSqliteWitnessCheck(text: string): boolean {
  return /json_each\(\?\) as witness\s+cross join/.test(text);
}

/**
 * Raises every versioned table's version (SQLite, db/unchanged-tables), as a write of each table
 * would: no answer kept before it is given again.
 */
export async function raiseTableVersions(db: Kysely<Database>): Promise<void> {
  await sql`update table_versions set version = version + 1`.execute(db);
}

/**
 * Runs `list` three times through a recording handle of `db` (SQLite): the first run proves its
 * count past the cap (no witnesses' check); the second, nothing written meanwhile, gives what the
 * first found from the answers kept while the tables are unchanged (db/unchanged-tables: fewer
 * statements, no check); after every table's version is raised, as by a write, the third checks the
 * witnesses the proof kept (one check, db/capped-witnesses). The three answers, to be checked alike.
 */
export async function provenThenWitnessed<T>(
  db: Kysely<Database>,
  list: (db: Kysely<Database>) => Promise<T>,
): Promise<[T, T, T]> {
  const { db: recorded, texts } = recordingSql(db);
  const first = await list(recorded);
  expect(texts.some(isSqliteWitnessCheck)).toBe(false);
  const proving = texts.length;
  texts.length = 0;
  const kept = await list(recorded);
  expect(texts.some(isSqliteWitnessCheck)).toBe(false);
  expect(texts.length).toBeLessThan(proving);
  await raiseTableVersions(db);
  texts.length = 0;
  const witnessed = await list(recorded);
  expect(texts.filter(isSqliteWitnessCheck)).toHaveLength(1);
  return [first, kept, witnessed];
}
