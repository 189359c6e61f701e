import type { AppConfig } from '../config.js';
import type { CheckpointResult, WalCheckpointer } from '../db/wal-checkpoints.js';

/** The upkeep connection's page cache, in MB: a merge reads and writes its pages once. */
const UPKEEP_CACHE_MB = 2;
/** Longest wait for the write lock, inside SQLite's call: this process serves no request. */
const LOCK_WAIT_MS = 10_000;

export interface SqliteUpkeepOptions {
  /** Pause between two checkpoints of the write-ahead log (db/wal-checkpoints.ts's default). */
  checkpointIntervalMs?: number;
  /** Pages in the log from which it is started over (db/wal-checkpoints.ts's default). */
  checkpointRestartFromPages?: number;
}

/**
 * Starts, in the supervising process, what SQLite needs done beside the API processes' requests: the
 * background merges of the text indexes (db/text-index-upkeep.ts) and the checkpoints of the
 * write-ahead log (db/wal-checkpoints.ts), on a bare better-sqlite3 connection of their own: no
 * Kysely, no PostgreSQL driver (some 28 MB of a process's memory), imported on demand. Resolves with
 * what stops them and closes the connection. Nothing to do on PostgreSQL.
 */
export async function startSqliteUpkeep(
  config: AppConfig,
  report: (error: unknown) => void,
  options: SqliteUpkeepOptions = {},
): Promise<() => Promise<void>> {
  if (config.databaseUrl) return async () => {};
  const [
    { default: SqliteDatabase },
    { sqliteFilePath },
    structure,
    { startTextIndexUpkeep },
    { startWalCheckpoints },
  ] = await Promise.all([
    import('better-sqlite3'),
    import('../db/sqlite-file.js'),
    import('../db/text-index-structure.js'),
    import('../db/text-index-upkeep.js'),
    import('../db/wal-checkpoints.js'),
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
  // The passive checkpoint never waits; the restart waits for writers and readers (the busy time-out).
  const checkpoint = (mode: 'passive' | 'restart') =>
    sqlite.pragma(`wal_checkpoint(${mode})`) as CheckpointResult[] | undefined;
  const checkpointer: WalCheckpointer = {
    passive: () => checkpoint('passive')?.[0],
    restart: () => checkpoint('restart')?.[0],
  };
  const checkpoints = startWalCheckpoints(checkpointer, {
    onError: report,
    ...(options.checkpointIntervalMs === undefined ? {} : { intervalMs: options.checkpointIntervalMs }),
    ...(options.checkpointRestartFromPages === undefined
      ? {}
      : { restartFromPages: options.checkpointRestartFromPages }),
  });
  return async () => {
    await Promise.all([upkeep.stop(), checkpoints.stop()]);
    sqlite.close();
  };
}
