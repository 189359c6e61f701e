/**
 * `npm run bench`: seeds a large database (SQLite in a temporary folder, or PostgreSQL when
 * BENCH_DATABASE_URL is set to an empty database), then measures the latency of the main endpoints
 * through the real application and prints percentiles. Targets live here, not in unit tests.
 *
 * Flags: --users N (default 50000), --requests N per endpoint (default 100).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { ensureFirstAdmin } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDatabase } from '../src/seed/seed-database.js';
import { DocumentStorage, documentsDir } from '../src/storage/document-storage.js';

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Latency targets (p95, milliseconds) on the benchmark machine (2 cores). */
const ENDPOINTS: Array<{ url: string; p95TargetMs: number }> = [
  { url: '/api/users/?page=1&page_size=10', p95TargetMs: 150 },
  { url: '/api/users/?page=200&page_size=10&role=client', p95TargetMs: 200 },
  { url: '/api/users/?search=joao', p95TargetMs: 300 },
  { url: '/api/users/?verification_status=pending', p95TargetMs: 200 },
  { url: '/api/providers/?page=1&page_size=9', p95TargetMs: 150 },
  { url: '/api/providers/?search=luanda&is_verified=true', p95TargetMs: 300 },
  { url: '/api/admin/projects/?page=1&page_size=10', p95TargetMs: 150 },
  { url: '/api/admin/projects/?status=completed&search=site', p95TargetMs: 300 },
  { url: '/api/admin/projects/stats/', p95TargetMs: 400 },
  { url: '/api/admin/dashboard/stats/', p95TargetMs: 500 },
  { url: '/api/admin/provider-verification/?page=1&page_size=20', p95TargetMs: 150 },
  { url: '/api/admin/provider-verification/statistics/', p95TargetMs: 200 },
  { url: '/api/admin/client-verification/stats/', p95TargetMs: 200 },
];

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const users = flag('users', 50_000);
const requests = flag('requests', 100);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kwanza-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  ADMIN_EMAIL: 'bench@kwanza.test',
  ADMIN_PASSWORD: 'Bench-Passw0rd!',
  LOG_LEVEL: 'silent',
});
const database = openDatabase(config);
let exitCode = 0;
try {
  await migrateToLatest(database.db);
  await ensureFirstAdmin(database.db, config);
  console.log(`Chargement de ${users} utilisateurs (${database.dialect})...`);
  const seedStart = performance.now();
  const summary = await seedDatabase(database.db, {
    users,
    storage: new DocumentStorage(documentsDir(dataDir)),
  });
  console.log(`Données chargées en ${((performance.now() - seedStart) / 1000).toFixed(1)} s`, summary);

  const app = await buildApp(config, { database });
  await app.ready();
  const admin = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', config.adminEmail)
    .executeTakeFirstOrThrow();
  const headers = { authorization: `Bearer ${await app.tokens.sign(admin.id, 'admin')}` };

  const rows: Array<Record<string, string | number>> = [];
  for (const endpoint of ENDPOINTS) {
    const first = await app.inject({ method: 'GET', url: endpoint.url, headers });
    if (first.statusCode !== 200) {
      rows.push({
        endpoint: endpoint.url,
        status: first.statusCode,
        p50: '-',
        p95: '-',
        p99: '-',
        target: '-',
      });
      continue;
    }
    for (let warm = 0; warm < 5; warm += 1) await app.inject({ method: 'GET', url: endpoint.url, headers });
    const timings: number[] = [];
    for (let index = 0; index < requests; index += 1) {
      const start = performance.now();
      await app.inject({ method: 'GET', url: endpoint.url, headers });
      timings.push(performance.now() - start);
    }
    timings.sort((a, b) => a - b);
    const p95 = percentile(timings, 0.95);
    if (p95 > endpoint.p95TargetMs) exitCode = 1;
    rows.push({
      endpoint: endpoint.url,
      status: 200,
      p50: Number(percentile(timings, 0.5).toFixed(1)),
      p95: Number(p95.toFixed(1)),
      p99: Number(percentile(timings, 0.99).toFixed(1)),
      target: `p95 ≤ ${endpoint.p95TargetMs} ${p95 <= endpoint.p95TargetMs ? 'ok' : 'DÉPASSÉ'}`,
    });
  }
  console.table(rows);
  console.log(`Mémoire résidente : ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} Mio`);
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
