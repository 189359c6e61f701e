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
});
