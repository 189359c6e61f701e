import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiGet } from './support/api';
import { fetchSession } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * The built server on a PostgreSQL of this machine, `WORKERS` not set: it leaves a core to the
 * database (server/default-workers.ts) and still supervises its API processes, even a single one, so
 * that they run with the supervisor's memory settings and are replaced if they die.
 */

const DATABASE = `kwanza_e2e_workers_${process.pid}`;
const POSTGRES = ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c'];

function psql(statement: string): void {
  execFileSync('psql', [...POSTGRES, statement], { stdio: 'pipe' });
}

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const listed = execFileSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' });
  return listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
}

let server: RunningServer | undefined;

beforeAll(async () => {
  psql(`drop database if exists ${DATABASE}`);
  psql(`create database ${DATABASE}`);
  server = await startServer({
    entry: 'apps/api/dist/server.js',
    env: { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${DATABASE}` },
  });
});

afterAll(async () => {
  await server?.stop();
  psql(`drop database if exists ${DATABASE} with (force)`);
});

describe('the built server on a PostgreSQL of this machine', () => {
  it('serves with one process less than the cores, supervised, and answers the console’s calls', async () => {
    if (!server) throw new Error('serveur non démarré');
    const expected = Math.max(1, os.availableParallelism() - 1);
    const running = server;
    // The supervisor prints once an API process listens: it may come just after the first answer.
    await vi.waitFor(() => expect(running.output()).toContain(`Processus de l'API : ${expected}`), {
      timeout: 5_000,
    });
    expect(server.output()).toContain('Base de données : PostgreSQL');
    // The supervisor's children: the API processes (the preparation's child has ended).
    expect(childrenOf(server.pid)).toHaveLength(expected);

    const session = await fetchSession(server);
    // The API answers with the token of a session (apiGet throws on any other status than 2xx).
    const page = await apiGet<{ count: number; results: unknown[] }>(server, session, '/users/?page_size=5');
    expect(page.count).toBeGreaterThan(100);
    expect(page.results).toHaveLength(5);
  });
});
