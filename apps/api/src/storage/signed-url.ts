import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { resolveJwtSecret } from '../lib/tokens.js';

/** Path prefix of the signed document route (root-relative, as the console calls it). */
export const DOCUMENTS_PATH = '/api/documents/';

/** Links kept for the current minute's expiry (a few MB at most). */
export const LINKS_KEPT = 10_000;

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/**
 * Short-lived signed links to private documents: HMAC-SHA256 over `key + '\n' + expires` with a key
 * derived from the JWT secret (HMAC(secret, 'documents')), so a document link can never be replayed
 * as a token and vice versa.
 */
export class DocumentUrlSigner {
  readonly #key: Buffer;
  readonly #ttlSeconds: number;
  /**
   * The links made for the current expiry, by key: a list page signs each of its documents on every
   * request (an HMAC each, 6 % of the disputes list's CPU), and a key's link only changes with the
   * expiry, once a minute. Emptied when the expiry moves on, or past LINKS_KEPT links.
   */
  readonly #links = new Map<string, string>();
  #linksExpiry = 0;

  constructor(secret: string, ttlSeconds: number) {
    this.#key = createHmac('sha256', secret).update('documents').digest();
    this.#ttlSeconds = ttlSeconds;
  }

  signatureOf(key: string, expires: number): string {
    return createHmac('sha256', this.#key).update(`${key}\n${expires}`).digest('hex');
  }

  /**
   * Expiry of a link made now: at least the TTL from now, rounded up to the next minute so that
   * the same document keeps the same link for a minute (stable `<img src>` across refetches).
   */
  expiryFrom(nowSeconds: number): number {
    return Math.ceil((nowSeconds + this.#ttlSeconds) / 60) * 60;
  }

  /** `/api/documents/<key>?expires=<unix>&signature=<hex>`; null for an absent document. */
  sign(key: string | null, nowSeconds = Math.floor(Date.now() / 1000)): string | null {
    if (!key) return null;
    const expires = this.expiryFrom(nowSeconds);
    if (expires !== this.#linksExpiry || this.#links.size >= LINKS_KEPT) {
      this.#links.clear();
      this.#linksExpiry = expires;
    }
    const kept = this.#links.get(key);
    if (kept !== undefined) return kept;
    const path = key.split('/').map(encodeURIComponent).join('/');
    const link = `${DOCUMENTS_PATH}${path}?expires=${expires}&signature=${this.signatureOf(key, expires)}`;
    this.#links.set(key, link);
    return link;
  }

  check(
    key: string,
    expires: string,
    signature: string,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): SignatureCheck {
    const expiresAt = Number(expires);
    if (!Number.isSafeInteger(expiresAt) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
    const expected = Buffer.from(this.signatureOf(key, expiresAt), 'hex');
    const given = Buffer.from(signature, 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return expiresAt < nowSeconds ? 'expired' : 'valid';
  }
}

const signers = new WeakMap<FastifyInstance, DocumentUrlSigner>();

/** The signer of an app, made once from the same secret as its access tokens (see app.ts). */
export function documentUrlSigner(app: FastifyInstance): DocumentUrlSigner {
  const existing = signers.get(app);
  if (existing) return existing;
  const signer = new DocumentUrlSigner(
    resolveJwtSecret(app.config.jwtSecret, app.config.dataDir),
    app.config.documentUrlTtlSeconds,
  );
  signers.set(app, signer);
  return signer;
}
