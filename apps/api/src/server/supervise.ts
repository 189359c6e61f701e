import cluster from 'node:cluster';
import type { AppConfig } from '../config.js';
import type { FirstAdmin } from './prepare.js';
import { startSqliteUpkeep } from './sqlite-upkeep.js';

/** V8 semi-space of each API process, in MB (V8's default grows to 16). */
export const WORKER_SEMI_SPACE_MB = 2;

/**
 * V8 old space of each API process, in MB, unless the operator sets `--max-old-space-size` (in
 * NODE_OPTIONS or on the command line). Without a limit V8 sizes its heuristics for the machine's
 * memory (gigabytes here): a loaded process let the request objects that outlived a scavenge pile up
 * to 90 MB of old space before collecting them, beside a live set near 35 MB. With a limit it collects
 * sooner: the bench's peak memory at a million users went from 240–300 MB to about 210 (two
 * processes). 256 leaves room for several CSV exports at once (each streams within 32 MB).
 */
export const WORKER_OLD_SPACE_MB = 256;

/**
 * The old space of the one API process, when there is one (the default beside a PostgreSQL on a
 * two-core machine: server/default-workers): what two processes would have had between them, so
 * that V8 collects it less often. Measured on 2026-12-01 (a million users on PostgreSQL, one
 * supervised process, 16 connections, interleaved runs): 512 served more requests a second than 256
 * in each of 7 endpoint comparisons (projects page 5,000 and users `?search=ana` about 5–10 %, the
 * notifications' `?search=x` 119 against 102), for a peak memory of 170–177 MB against 165–170;
 * the built server with it against the one before, 3 endpoints of 3 faster. 4096 was not faster than
 * 512 on the whole (two endpoints each way), and its peak memory, 247–273 MB, passed the 250 MB target.
 * A larger young generation (8 MB semi-spaces) was not steadily faster: the journal's page 2,000 +21 %,
 * the notifications' `?search=x` −25 %.
 */
export const SINGLE_WORKER_OLD_SPACE_MB = 512;

/** The old space of each of `workers` API processes, in MB. */
export function workerOldSpaceMb(workers: number): number {
  return workers === 1 ? SINGLE_WORKER_OLD_SPACE_MB : WORKER_OLD_SPACE_MB;
}

const OLD_SPACE_FLAG = /^--max[-_]old[-_]space[-_]size(=|$)/;

/**
 * Node's options for the `workers` API processes: the primary's own, a small young generation and
 * an old-space limit (`workerOldSpaceMb`).
 */
export function workerExecArgv(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
  workers: number,
): string[] {
  const chosen = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((arg) => OLD_SPACE_FLAG.test(arg));
  return [
    ...execArgv,
    `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
    ...(chosen ? [] : [`--max-old-space-size=${workerOldSpaceMb(workers)}`]),
  ];
}

/**
 * Environment of the API processes: glibc gives each thread that allocates (V8's helpers, libuv's
 * pool) its own malloc arena, which keeps freed memory; two arenas cut a loaded process's memory by
 * about a quarter (the operator's own MALLOC_ARENA_MAX wins).
 */
export function workerEnvironment(environment: NodeJS.ProcessEnv): Record<string, string> {
  return { MALLOC_ARENA_MAX: environment.MALLOC_ARENA_MAX ?? '2' };
}

export function printReady(config: AppConfig, address: string, admin: FirstAdmin): void {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${new URL(address).port}`;
  console.log('');
  console.log(`Kwanza Admin est prêt : ${url}`);
  console.log(`Documentation de l'API : ${url}/api/docs`);
  console.log(`Base de données : ${config.databaseUrl ? 'PostgreSQL' : `SQLite (${config.dataDir})`}`);
  console.log(`Processus de l'API : ${config.workers}`);
  if (admin.generatedPassword) {
    console.log(`Connexion : ${admin.email} / ${admin.generatedPassword}`);
    console.log('Ce mot de passe ne sera plus affiché : notez-le, ou fixez ADMIN_PASSWORD pour le changer.');
  } else if (admin.created || admin.passwordReset) {
    console.log(`Connexion : ${admin.email} avec le mot de passe de ADMIN_PASSWORD`);
  } else {
    console.log(
      `Connexion : avec un compte administrateur existant (ADMIN_PASSWORD réinitialise celui de ${admin.email})`,
    );
  }
}

/** Forks the API processes, replaces those that die, and stops them all on SIGINT/SIGTERM. */
export function superviseWorkers(config: AppConfig, admin: FirstAdmin): void {
  let stopping = false;
  let ready = false;
  let stopUpkeep: (() => Promise<void>) | undefined;
  cluster.on('listening', (_worker, address) => {
    if (ready) return;
    ready = true;
    // The text indexes' merges and the log's checkpoints run here, beside the API processes rather
    // than inside their requests.
    startSqliteUpkeep(config, (error) =>
      console.error(
        `Entretien de la base SQLite reporté (index de recherche, journal WAL) : ${String(error)}`,
      ),
    )
      .then((stop) => {
        stopUpkeep = stop;
      })
      .catch((error: unknown) => console.error(`Entretien de la base SQLite impossible : ${String(error)}`));
    const host = address.address && address.address !== '::' ? address.address : '127.0.0.1';
    printReady(config, `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`, admin);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Processus de l'API ${worker.process.pid} arrêté (${signal ?? code}) : relancé.`);
    if (!ready) {
      // A worker that cannot even start (port taken, bad configuration): stop instead of looping.
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.kill();
      process.exit(1);
    }
    cluster.fork(workerEnvironment(process.env));
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void stopUpkeep?.();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A small young generation: an API process allocates short-lived request objects; scavenging them
  // more often keeps each process near 100 MB under load instead of growing 16 MB semi-spaces. An
  // old-space limit makes V8 collect what those requests left there sooner (workerOldSpaceMb).
  cluster.setupPrimary({
    execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS, config.workers),
  });
  for (let index = 0; index < config.workers; index += 1) cluster.fork(workerEnvironment(process.env));
}
