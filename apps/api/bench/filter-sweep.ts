/**
 * The slowest searches of the console, over every list's filters, on a bench database:
 *
 *   npx tsx apps/api/bench/filter-sweep.ts --data-dir /tmp/bench1m
 *   npx tsx apps/api/bench/filter-sweep.ts --data-dir /tmp/bench1m --terms q,silva --only reports --top 20
 *
 * `npm run bench` loads a chosen set of URLs; a search beside a filter, a one-character term or a deep
 * page of matches it does not list can cost a hundred times more (found this way: reports `?search=q`
 * 900 ms, notifications `?search=silva&is_read=true` 280 ms, at a million users). This runs the real
 * application in-process on the database `npm run bench` seeded (its admin logs in), requests each
 * list with each term (`--terms`, comma-separated) and each of its filters, one client, seven times
 * (the first two warm the caches and kept proofs), and prints the `--top` slowest (default 40) by their
 * median time in milliseconds.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, openBenchApp, option } from './in-process-app.js';

const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = option('data-dir') ?? mkdtempSync(path.join(os.tmpdir(), 'kwanza-sweep-'));
const terms = (
  option('terms') ?? 'a,q,y,an,ana,silva,luanda,retard,site,lda,maintenance,gmail,923,zzqx'
).split(',');
const only = option('only');
const top = Number(option('top') ?? 40);

/** Each list and the filters it is swept with ('' alone: the search without filter). */
const LISTS: Record<string, readonly string[]> = {
  '/api/users/': [
    '',
    'role=client',
    'role=provider',
    'verification_status=verified',
    'verification_status=pending',
    'role=provider&verification_status=pending',
    'page=50',
  ],
  '/api/providers/': ['', 'page=50'],
  '/api/admin/projects/': [
    '',
    'status=open',
    'status=completed',
    'category=3',
    'status=open&category=3',
    'page=50',
  ],
  '/api/admin/provider-verification/': [
    '',
    'status=pending',
    'status=verified',
    'is_business=true',
    'days=7',
    'status=pending&is_business=true',
    'page=50',
  ],
  '/api/admin/client-verification/': [
    '',
    'verification_status=pending',
    'verification_status=rejected',
    'document_type=passport',
    'verification_status=pending&document_type=passport',
    'page=50',
  ],
  '/api/disputes/': ['', 'status=open', 'status=closed', 'page=50'],
  '/api/reports/': ['', 'status=pending', 'type=review', 'status=pending&type=user', 'page=50'],
  '/api/admin/conversations/': [
    '',
    'has_unread=true',
    'period=week',
    'has_unread=true&period=month',
    'page=50',
  ],
  '/api/admin/notifications/': [
    '',
    'is_read=true',
    'is_read=false',
    'notification_type=system',
    'period=week',
    'is_read=false&notification_type=system',
    'page=50',
  ],
  '/api/admin/audit/': [
    '',
    'object_type=user',
    `date_from=${new Date().toISOString().slice(0, 8)}01`,
    'page=50',
  ],
};

async function main(): Promise<void> {
  const { app, headers, close } = await openBenchApp({ dataDir, postgresUrl });
  try {
    const timed: Array<{ url: string; ms: number; status: number }> = [];
    for (const [list, filters] of Object.entries(LISTS)) {
      for (const term of terms) {
        for (const filter of filters) {
          const url = `${list}?search=${encodeURIComponent(term)}${filter ? `&${filter}` : ''}`;
          if (only !== undefined && !new RegExp(only).test(url)) continue;
          const times: number[] = [];
          let status = 0;
          for (let run = 0; run < 7; run += 1) {
            const start = performance.now();
            const response = await app.inject({ method: 'GET', url, headers });
            if (run >= 2) times.push(performance.now() - start);
            status = response.statusCode;
          }
          timed.push({ url, ms: median(times), status });
        }
      }
    }
    timed.sort((a, b) => b.ms - a.ms);
    console.log(`${timed.length} recherches, les ${Math.min(top, timed.length)} plus lentes (médiane, ms) :`);
    for (const { url, ms, status } of timed.slice(0, top)) {
      console.log(`${ms.toFixed(2).padStart(9)}  ${status}  ${url}`);
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
