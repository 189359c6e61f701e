import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret, TokenService, VERIFIED_TOKENS } from './tokens.js';

describe('TokenService', () => {
  const service = new TokenService('s'.repeat(40));
  const now = Math.floor(Date.now() / 1000);
  const claims = { userId: 42, sessionId: 'session-abcdefghijklmnop', issuedAt: now, expiresAt: now + 60 };
  const key = new TextEncoder().encode('s'.repeat(40));

  it('signs a token whose subject is the user id and which names its session', async () => {
    const token = await service.sign(claims);
    expect(await service.verify(token)).toEqual(claims);
  });

  it('rejects tampered, foreign and expired tokens', async () => {
    const token = await service.sign(claims);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: '1', sid: claims.sessionId, iat: now, exp: 9999999999 }),
    ).toString('base64url');
    expect(await service.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await service.verify(`${header}.${payload}`)).toBeNull();
    expect(await new TokenService('t'.repeat(40)).verify(token)).toBeNull();
    expect(
      await service.verify(await service.sign({ ...claims, issuedAt: now - 20, expiresAt: now - 10 })),
    ).toBeNull();
  });

  it('remembers a checked token but still refuses it once expired, and never remembers a refused one', async () => {
    let clock = new Date(now * 1000);
    const timed = new TokenService('s'.repeat(40), () => clock);
    const token = await timed.sign({ ...claims, expiresAt: now + 5 });
    expect(await timed.verify(token)).toEqual({ ...claims, expiresAt: now + 5 });
    expect(await timed.verify(token)).toEqual({ ...claims, expiresAt: now + 5 });
    expect(timed.rememberedTokens).toBe(1);
    clock = new Date((now + 5) * 1000);
    expect(await timed.verify(token)).toBeNull();
    expect(timed.rememberedTokens).toBe(0);
    clock = new Date(now * 1000);
    const [header, payload] = token.split('.');
    expect(await timed.verify(`${header}.${payload}.${'A'.repeat(43)}`)).toBeNull();
    expect(timed.rememberedTokens).toBe(0);
  });

  it('forgets the least recently used checked tokens past its bound, and checks them again', async () => {
    const bounded = new TokenService('s'.repeat(40));
    const tokens = await Promise.all(
      Array.from({ length: VERIFIED_TOKENS + 1 }, (_, index) =>
        bounded.sign({ ...claims, userId: index + 1 }),
      ),
    );
    for (const token of tokens) expect(await bounded.verify(token)).not.toBeNull();
    expect(bounded.rememberedTokens).toBe(VERIFIED_TOKENS);
    // The first one was forgotten: checked again, it is still valid.
    expect((await bounded.verify(tokens[0] ?? ''))?.userId).toBe(1);
    expect(bounded.rememberedTokens).toBe(VERIFIED_TOKENS);
  });

  it('refuses a validly signed token without an expiry, a session or a plain decimal subject', async () => {
    const withoutExpiry = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setIssuedAt()
      .sign(key);
    const withoutSession = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const octalSubject = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('0o52')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect(await service.verify(withoutExpiry)).toBeNull();
    expect(await service.verify(withoutSession)).toBeNull();
    expect(await service.verify(octalSubject)).toBeNull();
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
