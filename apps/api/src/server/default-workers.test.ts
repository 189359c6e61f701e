import { describe, expect, it } from 'vitest';
import { defaultWorkers, isLocalDatabase } from './default-workers.js';

/** URLs of a PostgreSQL on this machine: a loopback host, a socket, or no host at all. */
const LOCAL = [
  'postgres://postgres@127.0.0.1:5432/kwanza',
  'postgres://postgres@127.0.12.3/kwanza',
  'postgresql://u:p@LocalHost/kwanza',
  'postgres://u@[::1]:5432/kwanza',
  'postgres://u@/kwanza?host=/var/run/postgresql',
  'postgres:///kwanza',
  'postgres://%2Fvar%2Frun%2Fpostgresql/kwanza',
];

/** URLs of a PostgreSQL elsewhere (or a host that cannot be read). */
const ELSEWHERE = [
  'postgres://u@db.internal:5432/kwanza',
  'postgres://u@10.0.0.7/kwanza',
  'postgres://u@128.0.0.1/kwanza',
  'postgres://u@127.example.com/kwanza',
  'postgres://u@[2001:db8::1]/kwanza',
  'postgres://u@%E0%A4%A/kwanza',
];

describe('isLocalDatabase', () => {
  it.each(LOCAL)('knows %s for a PostgreSQL on this machine', (url) => {
    expect(isLocalDatabase(url)).toBe(true);
  });

  it.each(ELSEWHERE)('takes %s for another machine', (url) => {
    expect(isLocalDatabase(url)).toBe(false);
  });
});

describe('defaultWorkers', () => {
  it('serves on every core on SQLite and with a PostgreSQL elsewhere', () => {
    expect(defaultWorkers(undefined, 2)).toBe(2);
    expect(defaultWorkers(undefined, 8)).toBe(8);
    expect(defaultWorkers('postgres://u@db.internal/kwanza', 2)).toBe(2);
  });

  it('leaves one core to a PostgreSQL on this machine, and always serves with one process at least', () => {
    expect(defaultWorkers('postgres://postgres@127.0.0.1:5432/kwanza', 2)).toBe(1);
    expect(defaultWorkers('postgres://postgres@localhost/kwanza', 8)).toBe(7);
    expect(defaultWorkers('postgres://postgres@localhost/kwanza', 1)).toBe(1);
  });
});
