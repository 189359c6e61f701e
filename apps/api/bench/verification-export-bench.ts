/**
 * Memory check of the provider verification CSV export with 100,000 rows.
 *
 *   npx tsx apps/api/bench/verification-export-bench.ts            (SQLite in a temp folder)
 *   DATABASE_URL=postgres://… npx tsx apps/api/bench/verification-export-bench.ts   (an EMPTY, migrated-here database)
 *
 * Run it with `NODE_OPTIONS=--expose-gc` so the samples measure retained memory (after a garbage
 * collection) rather than garbage not yet collected.
 *
 * Streams the export through the real route (`app.inject` would buffer the body, so a real listening
 * server is used) into a byte counter, samples the retained heap every 100 ms while it runs, and fails
 * (exit code 1) when it grows by more than 32 MB over its level before the export — the rows must
 * never all be in memory at once (the whole file alone is ~19 MB of text, its rows far more as objects).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { buildApp } from '../src/app.js';
import { ensureFirstAdmin } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { ProviderVerificationsTable } from '../src/db/schema.js';

const ROWS = Number(process.env.ROWS ?? 100_000);
const MAX_HEAP_GROWTH_MB = 32;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kwanza-export-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ADMIN_EMAIL: 'bench@kwanza.test',
    ADMIN_PASSWORD: 'Bench-Passw0rd!',
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
    PORT: '0',
  });
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  await ensureFirstAdmin(database.db, config);
  const admin = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', config.adminEmail)
    .executeTakeFirstOrThrow();

  const started = Date.now();
  const submitted = new Date().toISOString();
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < ROWS; start += 1000) {
      const batch: Insertable<ProviderVerificationsTable>[] = [];
      for (let index = start; index < Math.min(start + 1000, ROWS); index += 1) {
        batch.push({
          user_id: admin.id,
          is_business: index % 3 === 0,
          business_name: index % 3 === 0 ? `Entreprise ${index}` : null,
          document_type: index % 2 === 0 ? 'id_card' : 'passport',
          verification_status: 'pending',
          submitted_at: submitted,
          updated_at: submitted,
          admin_notes: `Note de vérification numéro ${index} avec un peu de texte pour peser.`,
        });
      }
      await trx.insertInto('provider_verifications').values(batch).execute();
    }
  });
  console.log(`${ROWS} lignes insérées en ${Date.now() - started} ms`);

  const app = await buildApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const token = await app.tokens.sign(admin.id, 'admin');

  global.gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => {
    global.gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 100);

  const exportStarted = Date.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/admin/provider-verification/export/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  let lines = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true, value: undefined };
    if (chunk.done) break;
    bytes += chunk.value.byteLength;
    for (const byte of chunk.value) if (byte === 0x0a) lines += 1;
  }
  clearInterval(sampler);

  const growthMb = (peak - baseline) / 1024 / 1024;
  if (!global.gc) console.log('(sans --expose-gc : la mesure inclut les déchets non collectés)');
  console.log(
    `export : statut ${response.status}, ${lines - 1} lignes, ${(bytes / 1024 / 1024).toFixed(1)} Mo en ` +
      `${Date.now() - exportStarted} ms ; tas : +${growthMb.toFixed(1)} Mo au plus (limite ${MAX_HEAP_GROWTH_MB} Mo)`,
  );
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (response.status !== 200 || lines - 1 !== ROWS || growthMb > MAX_HEAP_GROWTH_MB) process.exitCode = 1;
}

await main();
