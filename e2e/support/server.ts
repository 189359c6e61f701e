import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of the repository (one level above e2e/support's parent). */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const TEST_ADMIN = { email: 'admin@kwanza.test', password: 'Admin-Passw0rd!' } as const;
/** 48 characters, only for tests. */
export const TEST_JWT_SECRET = 'e2e-test-secret-0123456789-abcdefghijklmnopqrstu';

const STARTUP_TIMEOUT_MS = 90_000;
const POLL_INTERVAL_MS = 250;
const STOP_TIMEOUT_MS = 10_000;

export interface StartServerOptions {
  /** Extra environment variables, overriding the defaults. */
  env?: Record<string, string>;
  /** Server entry relative to the repository root (default apps/api/src/server.ts, or E2E_SERVER_ENTRY). */
  entry?: string;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  admin: { email: string; password: string };
  jwtSecret: string;
  dataDir: string;
  /** The server's own process (the supervisor when it supervises API processes). */
  pid: number;
  /** What the server printed so far (its last 20,000 characters). */
  output(): string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('Aucun port libre trouvé'))));
    });
  });
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

function waitForExit(child: ChildProcess, milliseconds: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), milliseconds);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the real server (`node --import tsx apps/api/src/server.ts`) on a free port with a fresh data
 * folder, seeded with demo data, and waits until GET /api/health answers 200.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kwanza-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'warn',
    SEED_ON_EMPTY: 'true',
    ...options.env,
  };
  // A PostgreSQL URL of the surrounding shell must not leak into the end-to-end server.
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;

  const entry = options.entry ?? process.env.E2E_SERVER_ENTRY ?? 'apps/api/src/server.ts';
  // TypeScript sources run through tsx; the built server (apps/api/dist/server.js) runs as it is in production.
  const nodeArguments = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, nodeArguments, {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  // Never leave a server behind if the test process ends without calling stop().
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (!(await isHealthy(baseUrl))) {
    const exited = child.exitCode !== null || child.signalCode !== null;
    if (exited || Date.now() > deadline) {
      await stop();
      const reason = exited
        ? `s'est arrêté (code ${child.exitCode ?? child.signalCode})`
        : `n'a pas répondu sur /api/health en ${STARTUP_TIMEOUT_MS / 1000} s`;
      throw new Error(`Le serveur ${reason}. Sortie :\n${output}`);
    }
    await delay(POLL_INTERVAL_MS);
  }

  return {
    baseUrl,
    admin: { ...TEST_ADMIN },
    jwtSecret: TEST_JWT_SECRET,
    dataDir,
    pid: child.pid ?? 0,
    output: () => output,
    stop,
  };
}
