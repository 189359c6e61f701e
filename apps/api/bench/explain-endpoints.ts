/**
 * Where an endpoint's time goes, query by query, on a bench database:
 *
 *   npx tsx apps/api/bench/explain-endpoints.ts --data-dir /tmp/bench1m '/api/disputes/?search=silva'
 *   BENCH_DATABASE_URL=postgres://… npx tsx apps/api/bench/explain-endpoints.ts '/api/users/?page=5000'
 *
 * Runs the real application in-process on the database `npm run bench` seeded (its admin logs in),
 * requests each URL twice (the first warms the caches), and prints every statement of the second
 * request with its time; for statements slower than `--slower-than` ms (default 2), the plan:
 * SQLite's `explain query plan`, PostgreSQL's `explain analyze`. With `--repeat N`, each URL is
 * requested N times more and each statement's time is its median over them (warm caches, as under load).
 * With `--full-sql`, each statement's whole text and its parameters (cut at 300 characters otherwise).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { POSTGRES_SESSION_OPTIONS, sqliteFilePath } from '../src/db/database.js';
import { sqliteParameters } from '../src/db/statement-cache.js';
import { median, openBenchApp, option } from './in-process-app.js';

interface Statement {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = option('data-dir') ?? mkdtempSync(path.join(os.tmpdir(), 'kwanza-explain-'));
const slowerThan = Number(option('slower-than') ?? 2);
const repeat = Math.max(1, Number(option('repeat') ?? 1));
/** `--full-sql`: each statement's whole text and its parameters (cut at 300 characters otherwise). */
const fullSql = process.argv.includes('--full-sql');
/** The options followed by a value (a URL after `--full-sql` is still a URL). */
const VALUED_OPTIONS = ['--data-dir', '--slower-than', '--repeat'];
const urls = process.argv
  .slice(2)
  .filter((arg, index, args) => arg.startsWith('/') && !VALUED_OPTIONS.includes(args[index - 1] ?? ''));

async function planOf(statement: Statement): Promise<string[]> {
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl, options: POSTGRES_SESSION_OPTIONS });
    await client.connect();
    try {
      const plan = await client.query<{ 'QUERY PLAN': string }>(`explain analyze ${statement.sql}`, [
        ...statement.parameters,
      ]);
      return plan.rows.map((row) => row['QUERY PLAN']);
    } finally {
      await client.end();
    }
  }
  const sqlite = new SqliteDatabase(sqliteFilePath(dataDir), { readonly: true });
  try {
    const rows = sqlite
      .prepare(`explain query plan ${statement.sql}`)
      .all(...sqliteParameters(statement.parameters));
    return (rows as { detail: string }[]).map((row) => row.detail);
  } finally {
    sqlite.close();
  }
}

async function main(): Promise<void> {
  let captured: Statement[] | null = null;
  const { app, headers, close } = await openBenchApp({
    dataDir,
    postgresUrl,
    onQuery: (sql, parameters, ms) => captured?.push({ sql, parameters, ms }),
  });
  try {
    for (const url of urls) {
      await app.inject({ method: 'GET', url, headers });
      const runs: { statements: Statement[]; total: number; status: number }[] = [];
      for (let run = 0; run < repeat; run += 1) {
        captured = [];
        const start = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        const total = performance.now() - start;
        // Session bookkeeping (the token check) is not the endpoint's own work.
        const statements = captured.filter(
          (statement) => !/admin_sessions|rate_limit|concurrency_leases/.test(statement.sql),
        );
        runs.push({ statements, total, status: response.statusCode });
      }
      captured = null;
      const first = runs[0];
      if (!first) continue;
      const statements = first.statements.map((statement, index) => ({
        ...statement,
        ms: median(runs.map((run) => run.statements[index]?.ms ?? statement.ms)),
      }));
      const total = median(runs.map((run) => run.total));
      console.log(
        `\n${url} → ${first.status} en ${total.toFixed(2)} ms${repeat > 1 ? ` (médiane de ${repeat})` : ''}`,
      );
      for (const statement of statements) {
        const text = statement.sql.replace(/\s+/g, ' ');
        console.log(
          `  ${statement.ms.toFixed(2).padStart(8)} ms  ${text.length > 300 && !fullSql ? `${text.slice(0, 300)}…` : text}`,
        );
        if (fullSql && statement.parameters.length > 0) {
          console.log(`               paramètres : ${JSON.stringify(statement.parameters)}`);
        }
        if (statement.ms >= slowerThan && /^\s*select/i.test(statement.sql)) {
          for (const line of await planOf(statement)) console.log(`               · ${line}`);
        }
      }
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
