import type { AppConfig } from '../config.js';

/** The upkeep connection's page cache, in MB: a merge reads and writes its pages once. */
const UPKEEP_CACHE_MB = 2;

/**
 * Starts the background merges of the text indexes (db/text-index-upkeep.ts) on a SQLite connection
 * of their own; resolves with what stops them and closes it. Nothing to do on PostgreSQL. Imported on
 * demand, so that the supervising process loads the database modules only for SQLite.
 */
export async function startIndexUpkeep(
  config: AppConfig,
  report: (error: unknown) => void,
): Promise<() => Promise<void>> {
  if (config.databaseUrl) return async () => {};
  const [{ openDatabase }, { startTextIndexUpkeep }] = await Promise.all([
    import('../db/database.js'),
    import('../db/text-index-upkeep.js'),
  ]);
  const database = openDatabase({ ...config, sqliteCacheMb: UPKEEP_CACHE_MB });
  const upkeep = startTextIndexUpkeep(database.db, { onError: report });
  return async () => {
    await upkeep.stop();
    await database.close();
  };
}
