import cluster from 'node:cluster';
import type { AppConfig } from '../config.js';
import type { FirstAdmin } from './prepare.js';

/** V8 semi-space of each API process, in MB (V8's default grows to 16). */
export const WORKER_SEMI_SPACE_MB = 2;

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
  cluster.on('listening', (_worker, address) => {
    if (ready) return;
    ready = true;
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
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A small young generation: an API process allocates short-lived request objects; scavenging them
  // more often keeps each process near 100 MB under load instead of growing 16 MB semi-spaces.
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`] });
  for (let index = 0; index < config.workers; index += 1) cluster.fork(workerEnvironment(process.env));
}
