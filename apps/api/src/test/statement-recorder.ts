import type { Kysely } from 'kysely';
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
