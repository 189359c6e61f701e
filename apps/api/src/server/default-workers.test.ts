import { describe, expect, it } from 'vitest';
import { defaultWorkers, isLocalDatabase } from './default-workers.js';

describe('isLocalDatabase', () => {
  it('knows a PostgreSQL on this machine by its loopback host or its socket', () => {
    expect(isLocalDatabase('postgres://postgres@127.0.0.1:5432/kwanza')).toBe(true);
    expect(isLocalDatabase('postgres://postgres@127.0.12.3/kwanza')).toBe(true);
    expect(isLocalDatabase('postgresql://u:p@LocalHost/kwanza')).toBe(true);
    expect(isLocalDatabase('postgres://u@[::1]:5432/kwanza')).toBe(true);
    expect(isLocalDatabase('postgres://u@/kwanza?host=/var/run/postgresql')).toBe(true);
    expect(isLocalDatabase('postgres:///kwanza')).toBe(true);
    expect(isLocalDatabase('postgres://%2Fvar%2Frun%2Fpostgresql/kwanza')).toBe(true);
  });

  it('takes any other host for another machine', () => {
    expect(isLocalDatabase('postgres://u@db.internal:5432/kwanza')).toBe(false);
    expect(isLocalDatabase('postgres://u@10.0.0.7/kwanza')).toBe(false);
    expect(isLocalDatabase('postgres://u@128.0.0.1/kwanza')).toBe(false);
    expect(isLocalDatabase('postgres://u@127.example.com/kwanza')).toBe(false);
    expect(isLocalDatabase('postgres://u@[2001:db8::1]/kwanza')).toBe(false);
    expect(isLocalDatabase('postgres://u@%E0%A4%A/kwanza')).toBe(false);
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
