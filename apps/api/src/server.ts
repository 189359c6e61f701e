import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { ensureFirstAdmin, hasNoMarketplaceData } from './bootstrap.js';
import { type AppConfig, ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { resolveJwtSecret } from './lib/tokens.js';
import { seedDatabase } from './seed/seed-database.js';
import { processDocumentRemovals } from './storage/document-removals.js';
import { DocumentStorage, documentsDir } from './storage/document-storage.js';

/*
 * One process prepares (migrations, first admin, demo data, signing secret: everything that must
 * happen once), then serves on every core: `WORKERS` API processes (default: the cores available)
 * share the port through Node's cluster. better-sqlite3 runs queries on the event loop, so one
 * process can only ever use one core. A worker that dies is replaced.
 */

const DEMO_USERS = 300;

type FirstAdmin = Awaited<ReturnType<typeof ensureFirstAdmin>>;

async function prepare(config: AppConfig): Promise<FirstAdmin> {
  // Start-up work may run long: its connection has no query time-out. Each API process then opens
  // its own, with the configured time-outs.
  const setup = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = new DocumentStorage(documentsDir(config.dataDir));
  try {
    await migrateToLatest(setup.db);
    const admin = await ensureFirstAdmin(setup.db, config);
    if (config.seedOnEmpty && (await hasNoMarketplaceData(setup.db))) {
      console.log(`Base vide : chargement des données de démonstration (${DEMO_USERS} utilisateurs)...`);
      const summary = await seedDatabase(setup.db, { users: DEMO_USERS, storage });
      console.log(`Données de démonstration chargées : ${JSON.stringify(summary)}`);
    }
    // Documents of users deleted just before a crash or an outage.
    await processDocumentRemovals(setup.db, storage);
    // Generated once here when JWT_SECRET is not set, so every API process signs with the same one.
    resolveJwtSecret(config.jwtSecret, config.dataDir);
    return admin;
  } finally {
    await setup.close();
  }
}

/** Serves the console and the API in this process; resolves with the address it listens on. */
async function serve(config: AppConfig, standalone: boolean): Promise<string> {
  const database = openDatabase(config);
  const app = await buildApp(config, { database });
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

function printReady(config: AppConfig, address: string, admin: FirstAdmin): void {
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
function superviseWorkers(config: AppConfig, admin: FirstAdmin): void {
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
    cluster.fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  for (let index = 0; index < config.workers; index += 1) cluster.fork();
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) {
    await serve(config, false);
    return;
  }
  const admin = await prepare(config);
  if (config.workers === 1) {
    printReady(config, await serve(config, true), admin);
    return;
  }
  superviseWorkers(config, admin);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
