/*
 * How many API processes serve by default.
 *
 * On SQLite each process runs its queries on its own event loop: one per core. A PostgreSQL on the
 * same machine needs cores too, for the backends that run every statement: with as many API processes
 * as cores, the processes and the backends take the cores from each other, and every request waits
 * longer. On the two cores of 2026-12-01, a million users, 16 connections: of the 23 endpoints that
 * missed PostgreSQL's targets with two processes, 11 met them with one supervised process (the
 * conversations' page 2,000 p95 38.7 → 23.8 ms, reports `?search=ana` 73.6 → 58.9), and a run of two
 * processes again missed 22. So a PostgreSQL on this machine (a loopback address or a local socket)
 * is left one core; a PostgreSQL elsewhere leaves them all to the API.
 */

/** Whether `databaseUrl` names a PostgreSQL on this machine (its host a loopback address, or a socket). */
export function isLocalDatabase(databaseUrl: string): boolean {
  // Read by hand: a URL without a host but with a user (`postgres://u@/db?host=/run/postgresql`),
  // which PostgreSQL's drivers accept, is not a valid WHATWG URL.
  const query = databaseUrl.includes('?') ? databaseUrl.slice(databaseUrl.indexOf('?') + 1) : '';
  if (new URLSearchParams(query).get('host')?.startsWith('/')) return true;
  const match = /^postgres(?:ql)?:\/\/(?:[^@/?]*@)?(\[[^\]]*\]|[^/:?]*)/i.exec(databaseUrl);
  if (!match) return false;
  let host: string;
  try {
    host = decodeURIComponent(match[1] ?? '')
      .replace(/^\[|\]$/g, '')
      .toLowerCase();
  } catch {
    return false;
  }
  // No host: the driver connects to PGHOST, or else to this machine; an encoded path is a socket.
  if (host === '' || host.startsWith('/')) return true;
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** API processes when `WORKERS` is not set: the cores, less one left to a PostgreSQL on this machine. */
export function defaultWorkers(databaseUrl: string | undefined, cores: number): number {
  if (databaseUrl === undefined || !isLocalDatabase(databaseUrl)) return cores;
  return Math.max(1, cores - 1);
}
