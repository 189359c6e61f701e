import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repositoryRoot } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.join(repositoryRoot, 'data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminEmail).toBe('admin@example.com');
    expect(config.adminPassword).toBeUndefined();
    expect(config.verificationUrgentHours).toBe(72);
  });

  it('serves on every core by default, WORKERS processes when set', () => {
    expect(loadConfig({}).workers).toBe(os.availableParallelism());
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db.internal/kwanza' }).workers).toBe(
      os.availableParallelism(),
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/kwanza' }).workers).toBe(
      Math.max(1, os.availableParallelism() - 1),
    );
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ WORKERS: '3', DATABASE_URL: 'postgres://u@127.0.0.1/kwanza' }).workers).toBe(3);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow('WORKERS doit valoir au moins 1');
    expect(() => loadConfig({ WORKERS: 'deux' })).toThrow(ConfigError);
  });

  it('serves alone in the one process only when WORKERS=1 is set, supervised otherwise', () => {
    expect(loadConfig({ WORKERS: '1' }).standalone).toBe(true);
    expect(loadConfig({ WORKERS: '2' }).standalone).toBe(false);
    expect(loadConfig({}).standalone).toBe(false);
    // One process by default (a local PostgreSQL on two cores) still runs supervised.
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/kwanza' }).standalone).toBe(false);
  });

  it('keeps the whole audit journal by default, or AUDIT_RETENTION_DAYS days', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(0);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '365' }).auditRetentionDays).toBe(365);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '-1' })).toThrow(
      'AUDIT_RETENTION_DAYS vaut 0 (tout garder) ou un nombre de jours',
    );
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'un an' })).toThrow(ConfigError);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h:5432/db',
      ADMIN_EMAIL: 'Chef@Kwanza.AO',
      ADMIN_PASSWORD: 'long-enough',
    });
    expect(config.port).toBe(9000);
    expect(config.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(config.adminEmail).toBe('chef@kwanza.ao');
  });

  it('explains bad values in French', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL doit être une URL postgres/,
    );
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/au moins 32 caractères/);
  });

  it('has short tokens in longer sessions, no trusted proxy and no public URL by default', () => {
    const config = loadConfig({});
    expect(config.jwtTtlSeconds).toBe(1800);
    expect(config.sessionMaxSeconds).toBe(43_200);
    expect(config.trustProxy).toBe(false);
    expect(config.publicUrl).toBeUndefined();
    expect(config.databaseQueryTimeoutMs).toBe(10_000);
    expect(config.limits).toEqual({
      export: { maxConcurrent: 2, perMinute: 10 },
      bulk: { maxConcurrent: 2, perMinute: 30 },
    });
  });

  it('reads TRUST_PROXY as a switch, a number of hops or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'le proxy' })).toThrow(/TRUST_PROXY attend/);
  });

  it('takes PUBLIC_URL without its trailing slash and refuses anything but an http(s) URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://admin.kwanza.ao/' }).publicUrl).toBe('https://admin.kwanza.ao');
    expect(loadConfig({ PUBLIC_URL: 'https://kwanza.ao/admin' }).publicUrl).toBe('https://kwanza.ao/admin');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL doit être/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://kwanza.ao/?x=1' })).toThrow(/PUBLIC_URL doit être/);
  });

  it('never lets a session be shorter than one token', () => {
    expect(loadConfig({ JWT_TTL_SECONDS: '3600', SESSION_MAX_SECONDS: '600' }).sessionMaxSeconds).toBe(3600);
  });
});
