import type { AppConfig } from '../config.js';

/** The upkeep connection's page cache, in MB: a merge reads and writes its pages once. */
const UPKEEP_CACHE_MB = 2;
/** Longest wait for the write lock, inside SQLite's call: this process serves no request. */
const LOCK_WAIT_MS = 10_000;

/**
 * Starts the background merges of the text indexes (db/text-index-upkeep.ts) in the supervising
 * process, on a bare better-sqlite3 connection of their own: no Kysely, no PostgreSQL driver (some
 * 28 MB of a process's memory), imported on demand. Resolves with what stops them and closes the
 * connection. Nothing to do on PostgreSQL.
 */
export async function startIndexUpkeep(
  config: AppConfig,
  report: (error: unknown) => void,
): Promise<() => Promise<void>> {
  if (config.databaseUrl) return async () => {};
  const [{ default: SqliteDatabase }, { sqliteFilePath }, structure, { startTextIndexUpkeep }] =
    await Promise.all([
      import('better-sqlite3'),
      import('../db/sqlite-file.js'),
      import('../db/text-index-structure.js'),
      import('../db/text-index-upkeep.js'),
    ]);
  const sqlite = new SqliteDatabase(sqliteFilePath(config.dataDir), { fileMustExist: true });
  sqlite.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
  sqlite.pragma(`cache_size = ${-1024 * UPKEEP_CACHE_MB}`);
  const totalChanges = sqlite.prepare<[], number>('select total_changes()').pluck();
  const upkeep = startTextIndexUpkeep(
    {
      async segments(index) {
        const record = sqlite.prepare<[], Uint8Array>(structure.structureStatement(index)).pluck().get();
        return record ? structure.segmentsOfStructure(record) : 0;
      },
      async mergeStep(index, pages) {
        const before = totalChanges.get() ?? 0;
        sqlite.prepare(structure.mergeStatement(index, pages)).run();
        return (totalChanges.get() ?? 0) - before >= structure.MERGED_CHANGES;
      },
    },
    { onError: report },
  );
  return async () => {
    await upkeep.stop();
    sqlite.close();
  };
}
