import type { Kysely, KyselyPlugin } from 'kysely';
import { expect } from 'vitest';
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
      texts.push(compiled.get(args.queryId) ?? 'unknown');
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
 * Runs `list` twice through a recording handle of `db`, and checks that the first run proves its
 * count past the cap (no witnesses' check) and the second checks the witnesses it kept (one check,
 * SQLite, db/capped-witnesses). Both answers, to be checked alike.
 */
export async function provenThenWitnessed<T>(
  db: Kysely<Database>,
  list: (db: Kysely<Database>) => Promise<T>,
): Promise<[T, T]> {
  const { db: recorded, texts } = recordingSql(db);
  const first = await list(recorded);
  expect(texts.some(isSqliteWitnessCheck)).toBe(false);
  texts.length = 0;
  const second = await list(recorded);
  expect(texts.filter(isSqliteWitnessCheck)).toHaveLength(1);
  return [first, second];
}
