import { randomBytes, webcrypto } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
import { RecentlyUsed } from './recently-used.js';

export interface AccessTokenClaims {
  userId: number;
  /** The session the token belongs to (see lib/sessions.ts). */
  sessionId: string;
  /** Unix seconds. */
  issuedAt: number;
  /** Unix seconds. */
  expiresAt: number;
}

const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Checked tokens a process remembers (a few hundred bytes each). */
export const VERIFIED_TOKENS = 1000;

/**
 * Signs and checks the admin's HS256 access tokens. A token names its user (`sub`) and its session
 * (`sid`) and always expires (`exp`): one without an expiry, a session or an issue time is refused.
 * Whether the session is still open is for lib/sessions.ts to check.
 */
export class TokenService {
  /**
   * The secret as a Web Crypto key, imported once: given raw bytes, jose imports them again for
   * every token it checks, a cost paid on each request.
   */
  readonly #key: Promise<webcrypto.CryptoKey>;
  readonly #now: () => Date;
  /**
   * Tokens whose signature and claims were checked, by their exact text (least recently used out past
   * VERIFIED_TOKENS). A signature stays valid, so each request of a session no longer pays Web
   * Crypto's HMAC (about 0.3 ms of the process's time); the expiry is compared again at every use,
   * and whether the session is still open is checked by lib/sessions.ts at every request as before.
   */
  readonly #verified = new RecentlyUsed<string, AccessTokenClaims>(VERIFIED_TOKENS);

  constructor(secret: string, now: () => Date = () => new Date()) {
    this.#key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    this.#now = now;
  }

  /** How many checked tokens the process remembers (bounded by VERIFIED_TOKENS). */
  get rememberedTokens(): number {
    return this.#verified.size;
  }

  async sign(claims: {
    userId: number;
    sessionId: string;
    issuedAt: number;
    expiresAt: number;
  }): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt(claims.issuedAt)
      .setExpirationTime(claims.expiresAt)
      .sign(await this.#key);
  }

  /** The token's claims, or null when it is malformed, tampered with, expired or lacks a claim. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    const known = this.#verified.get(token);
    if (known) {
      // As jose decides: expired once `exp` is not after the current second.
      if (known.expiresAt > Math.floor(this.#now().getTime() / 1000)) return known;
      this.#verified.delete(token);
      return null;
    }
    const claims = await this.#check(token);
    if (claims) this.#verified.set(token, claims);
    return claims;
  }

  async #check(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'sid', 'iat', 'exp'],
        currentDate: this.#now(),
      });
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      if (!/^[1-9][0-9]{0,9}$/.test(payload.sub ?? '') || !Number.isSafeInteger(userId)) return null;
      if (typeof sessionId !== 'string' || !SESSION_ID_PATTERN.test(sessionId)) return null;
      if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
      return { userId, sessionId, issuedAt: payload.iat, expiresAt: payload.exp };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}

/**
 * The signing secret: JWT_SECRET when given, otherwise one generated on first start and kept in the
 * data folder (readable by its owner only) so that tokens survive restarts.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: generated below
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
