import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DatabaseOptions, openDatabase } from '../src/db/database.js';

/*
 * The real application in-process on a bench database (`npm run bench` seeded it, and its admin), for
 * the scripts that look into one request at a time (explain-endpoints.ts, filter-sweep.ts).
 */

/** The bench's admin (bench/run-bench.ts). */
const ADMIN = { email: 'bench@kwanza.test', password: 'Bench-Passw0rd!' };

/** `--name value` on the command line. */
export function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export interface BenchApp {
  app: FastifyInstance;
  /** The admin's authorization header. */
  headers: { authorization: string };
  close(): Promise<void>;
}

/**
 * The application on the bench database of `dataDir` (or PostgreSQL's `postgresUrl`), its admin logged
 * in; `onQuery` sees every statement.
 */
export async function openBenchApp(options: {
  dataDir: string;
  postgresUrl: string | undefined;
  onQuery?: DatabaseOptions['onQuery'];
}): Promise<BenchApp> {
  const config = loadConfig({
    DATA_DIR: options.dataDir,
    ...(options.postgresUrl ? { DATABASE_URL: options.postgresUrl } : {}),
    JWT_SECRET: 'in-process-secret-in-process-secret-0123',
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
    // The tools study what an endpoint computes: no kept answers unless asked (plugins/kept-responses.ts).
    KEPT_RESPONSES: process.env.KEPT_RESPONSES ?? 'false',
  });
  const database = openDatabase({ ...config, ...(options.onQuery ? { onQuery: options.onQuery } : {}) });
  const app = await buildApp(config, { database });
  const close = async () => {
    await app.close();
    await database.close();
  };
  try {
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/admin-login/', payload: ADMIN });
    if (login.statusCode !== 200)
      throw new Error(`Connexion refusée : lancez d'abord npm run bench sur cette base.`);
    return {
      app,
      headers: { authorization: `Bearer ${login.json<{ access: string }>().access}` },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
