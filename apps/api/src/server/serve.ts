import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import { type DatabaseOptions, openDatabase } from '../db/database.js';
import { indexMergesOf } from '../db/text-index-merge.js';
import { startTextIndexUpkeep } from '../db/text-index-upkeep.js';
import { compactTableWrites } from '../db/unchanged-tables.js';
import { API_AUTOCHECKPOINT_PAGES } from '../db/wal-checkpoints.js';
import { recordAuditHours } from '../lib/audit-hours.js';
import { purgeExpiredAuditEntries } from '../lib/audit-retention.js';

const AUDIT_PURGE_INTERVAL_MS = 24 * 3600 * 1000;
const AUDIT_HOURS_INTERVAL_MS = 10 * 60 * 1000;
const TABLE_WRITES_COMPACTION_INTERVAL_MS = 10 * 1000;

/**
 * The database options of an API process: under a supervisor, the write-ahead log's checkpoints are
 * the supervisor's (db/wal-checkpoints.ts), this process's own automatic one only a safeguard.
 */
export function apiDatabaseOptions(config: AppConfig, standalone: boolean): DatabaseOptions {
  return standalone ? config : { ...config, sqliteAutocheckpointPages: API_AUTOCHECKPOINT_PAGES };
}

/**
 * Runs `task` every `intervalMs` beside the requests until the app closes (an unreferenced timer: it
 * keeps no process alive); a failure is logged as `postponed` and the next turn tries again.
 */
function repeatBeside(
  app: FastifyInstance,
  intervalMs: number,
  task: () => Promise<unknown>,
  postponed: string,
): void {
  const timer = setInterval(() => {
    task().catch((error: unknown) => {
      app.log.warn({ err: error }, postponed);
    });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Serves the console and the API in this process; resolves with the address it listens on. */
export async function serve(config: AppConfig, standalone: boolean): Promise<string> {
  const database = openDatabase(apiDatabaseOptions(config, standalone));
  const app = await buildApp(config, { database });
  // The audit journal's retention, once a day in each process (a purge finds nothing left to do
  // after another one; the first ran at start-up, in server/prepare.ts).
  if (config.auditRetentionDays > 0) {
    repeatBeside(
      app,
      AUDIT_PURGE_INTERVAL_MS,
      () => purgeExpiredAuditEntries(database.db, config.auditRetentionDays),
      'audit retention postponed',
    );
  }
  // The journal's hours, counted every ten minutes in each process (another finds them already
  // counted; the first count ran at start-up, in server/prepare.ts).
  repeatBeside(
    app,
    AUDIT_HOURS_INTERVAL_MS,
    () => recordAuditHours(database.db),
    'audit hour count postponed',
  );
  // PostgreSQL: the tables' write rows moved into their totals every ten seconds in each process,
  // whoever wrote them (the reads that find many move them too): db/unchanged-tables.ts.
  if (database.dialect === 'postgres') {
    repeatBeside(
      app,
      TABLE_WRITES_COMPACTION_INTERVAL_MS,
      () => compactTableWrites(database.db),
      'table writes compaction postponed',
    );
  }
  // Alone, this process merges the text indexes too, on the connection its requests use (with
  // several, the supervising process does, on a connection of its own: server/sqlite-upkeep.ts).
  if (standalone && database.dialect === 'sqlite') {
    const upkeep = startTextIndexUpkeep(indexMergesOf(database.db), {
      onError: (error) => app.log.warn({ err: error }, 'text index merge postponed'),
    });
    app.addHook('onClose', () => upkeep.stop());
  }
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arrêt en cours');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  if (!standalone) process.on('disconnect', () => void close('disconnect'));
  return app.listen({ port: config.port, host: config.host });
}
