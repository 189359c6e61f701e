import { buildApp } from './app.js';
import { ensureFirstAdmin, hasNoMarketplaceData } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDatabase } from './seed/seed-database.js';
import { processDocumentRemovals } from './storage/document-removals.js';
import { DocumentStorage, documentsDir } from './storage/document-storage.js';

const DEMO_USERS = 300;

async function main(): Promise<void> {
  const config = loadConfig();
  // Start-up work (migrations, first admin, demo data) may run long: its connection has no query
  // time-out. The application then opens its own, with the configured time-outs.
  const setup = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = new DocumentStorage(documentsDir(config.dataDir));
  let admin: Awaited<ReturnType<typeof ensureFirstAdmin>>;
  try {
    await migrateToLatest(setup.db);
    admin = await ensureFirstAdmin(setup.db, config);
    if (config.seedOnEmpty && (await hasNoMarketplaceData(setup.db))) {
      console.log(`Base vide : chargement des données de démonstration (${DEMO_USERS} utilisateurs)...`);
      const summary = await seedDatabase(setup.db, { users: DEMO_USERS, storage });
      console.log(`Données de démonstration chargées : ${JSON.stringify(summary)}`);
    }
    // Documents of users deleted just before a crash or an outage.
    await processDocumentRemovals(setup.db, storage);
  } finally {
    await setup.close();
  }

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

  const address = await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${new URL(address).port}`;
  console.log('');
  console.log(`Kwanza Admin est prêt : ${url}`);
  console.log(`Documentation de l'API : ${url}/api/docs`);
  console.log(
    `Base de données : ${database.dialect === 'postgres' ? 'PostgreSQL' : `SQLite (${config.dataDir})`}`,
  );
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

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
