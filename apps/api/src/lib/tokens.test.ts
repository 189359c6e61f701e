import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret, TokenService } from './tokens.js';

describe('TokenService', () => {
  const service = new TokenService('s'.repeat(40), 60);

  it('signs a token whose subject is the user id', async () => {
    const token = await service.sign(42, 'admin');
    expect(await service.verify(token)).toEqual({ userId: 42 });
  });

  it('rejects tampered, foreign and expired tokens', async () => {
    const token = await service.sign(42, 'admin');
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', role: 'admin', exp: 9999999999 })).toString(
      'base64url',
    );
    expect(await service.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await service.verify(`${header}.${payload}`)).toBeNull();
    expect(await new TokenService('t'.repeat(40), 60).verify(token)).toBeNull();
    expect(
      await new TokenService('s'.repeat(40), -10).verify(
        await new TokenService('s'.repeat(40), -10).sign(1, 'admin'),
      ),
    ).toBeNull();
  });
});

describe('resolveJwtSecret', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kwanza-secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses the configured secret when there is one', () => {
    expect(resolveJwtSecret('x'.repeat(32), dir)).toBe('x'.repeat(32));
  });

  it('generates a secret once, keeps it private and reuses it', () => {
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    const file = path.join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
