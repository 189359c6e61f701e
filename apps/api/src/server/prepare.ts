import { ensureFirstAdmin, hasNoMarketplaceData } from '../bootstrap.js';
import type { AppConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { recordAuditHours } from '../lib/audit-hours.js';
import { purgeExpiredAuditEntries } from '../lib/audit-retention.js';
import { resolveJwtSecret } from '../lib/tokens.js';
import { seedDatabase } from '../seed/seed-database.js';
import { processDocumentRemovals } from '../storage/document-removals.js';
import { DocumentStorage, documentsDir } from '../storage/document-storage.js';

const DEMO_USERS = 300;

export type FirstAdmin = Awaited<ReturnType<typeof ensureFirstAdmin>>;

/** Everything that must happen once before serving: migrations, first admin, demo data, signing secret. */
export async function prepare(config: AppConfig): Promise<FirstAdmin> {
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
    const purged = await purgeExpiredAuditEntries(setup.db, config.auditRetentionDays);
    if (purged > 0)
      console.log(
        `Journal d'audit : ${purged} entrées de plus de ${config.auditRetentionDays} jours supprimées.`,
      );
    // The journal's hours over since the last count (deep pages of the journal, lib/audit-hours.ts).
    await recordAuditHours(setup.db);
    // Generated once here when JWT_SECRET is not set, so every API process signs with the same one.
    resolveJwtSecret(config.jwtSecret, config.dataDir);
    return admin;
  } finally {
    await setup.close();
  }
}
