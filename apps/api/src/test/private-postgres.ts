import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from './tcp-proxy.js';

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, loopback only, its own port),
 * that the test may stop and start again. initdb and the server refuse to run as root: as root they
 * run as the `postgres` account of the machine.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): void;
  start(): void;
  /** Stops the cluster if it runs and deletes its folder. */
  destroy(): void;
}

const STEP_TIMEOUT_MS = 60_000;

/** The folder of initdb and pg_ctl (Debian keeps them under /usr/lib/postgresql/<version>/bin). */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (!version) throw new Error(`initdb introuvable sous ${root} : installez le paquet postgresql.`);
  return path.join(root, version, 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const port = await findFreePort();
  const root = mkdtempSync(path.join(os.tmpdir(), 'kwanza-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, fullArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    try {
      execFileSync(file, fullArgs, { stdio: 'pipe', timeout: STEP_TIMEOUT_MS, cwd: root });
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${command} a échoué : ${String(error)}\n${log}`);
    }
  };
  let running = false;
  const options = [
    `-c listen_addresses=127.0.0.1`,
    `-p ${port}`,
    `-k ${root}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=40',
    '-c shared_buffers=16MB',
  ].join(' ');
  const cluster: PrivatePostgres = {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: cluster.url('postgres') });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
    },
    start() {
      run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30', 'start']);
      running = true;
    },
    stop() {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
  try {
    run('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    cluster.start();
  } catch (error) {
    cluster.destroy();
    throw error;
  }
  return cluster;
}
