import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.js';
import type { FirstAdmin } from './server/prepare.js';

/*
 * One process prepares (migrations, first admin, demo data, signing secret: everything that must
 * happen once), then serves on every core: `WORKERS` API processes (default: the cores available,
 * less one left to a PostgreSQL on this machine: server/default-workers.ts) share the port through
 * Node's cluster. better-sqlite3 runs queries on the event loop, so one process can only ever use one
 * core. A worker that dies is replaced.
 *
 * Unless `WORKERS=1` is set (the one process then prepares and serves itself), the preparation runs in
 * a short-lived child process, and the supervising
 * process loads nothing of the application (its modules are imported on demand) but, on SQLite, the
 * text indexes' background merges and the write-ahead log's checkpoints (server/sqlite-upkeep.ts):
 * it stays small, so the server's memory is mostly the workers'.
 */

const ROLE_VARIABLE = 'KWANZA_PROCESS_ROLE';
const PREPARER = 'prepare';

interface PreparedMessage {
  prepared: FirstAdmin;
}

function isPreparedMessage(message: unknown): message is PreparedMessage {
  return typeof message === 'object' && message !== null && 'prepared' in message;
}

/** Runs the preparation in a child process and resolves with what it reports. */
function prepareInChildProcess(): Promise<FirstAdmin> {
  return new Promise((resolve, reject) => {
    const preparer = cluster.fork({ [ROLE_VARIABLE]: PREPARER });
    let prepared: FirstAdmin | undefined;
    preparer.on('message', (message: unknown) => {
      if (isPreparedMessage(message)) prepared = message.prepared;
    });
    preparer.once('exit', (code) => {
      if (code === 0 && prepared) resolve(prepared);
      else reject(new Error(`La préparation du serveur a échoué (code ${code}).`));
    });
  });
}

async function runPreparer(): Promise<void> {
  const { prepare } = await import('./server/prepare.js');
  const prepared = await prepare(loadConfig());
  const message: PreparedMessage = { prepared };
  await new Promise<void>((resolve) => process.send?.(message, undefined, {}, () => resolve()) ?? resolve());
  process.exit(0);
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) {
    if (process.env[ROLE_VARIABLE] === PREPARER) return runPreparer();
    const { serve } = await import('./server/serve.js');
    await serve(config, false);
    return;
  }
  if (config.standalone) {
    const [{ prepare }, { serve }, { printReady }] = await Promise.all([
      import('./server/prepare.js'),
      import('./server/serve.js'),
      import('./server/supervise.js'),
    ]);
    const admin = await prepare(config);
    printReady(config, await serve(config, true), admin);
    return;
  }
  const admin = await prepareInChildProcess();
  const { superviseWorkers } = await import('./server/supervise.js');
  superviseWorkers(config, admin);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
