import { HttpError } from '../lib/http-errors.js';

interface Window {
  failures: number;
  resetAt: number;
}

/**
 * Counts failed admin logins per client address and per e-mail over a sliding window; once either
 * reaches the limit, further attempts get a 429 until the window ends. A success clears the e-mail's
 * count. (A generic rate limiter counts every request; here only failures may lock out.)
 */
export class LoginThrottle {
  readonly #windows = new Map<string, Window>();
  readonly #maxFailures: number;
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor(maxFailures: number, windowSeconds: number, now: () => number = Date.now) {
    this.#maxFailures = maxFailures;
    this.#windowMs = windowSeconds * 1000;
    this.#now = now;
  }

  static keys(ip: string, email: string): string[] {
    return [`ip:${ip}`, `email:${email.trim().toLowerCase()}`];
  }

  /** Throws a 429 with Retry-After when any key is locked. */
  assertAllowed(keys: string[]): void {
    const now = this.#now();
    let retryAfterMs = 0;
    for (const key of keys) {
      const window = this.#windows.get(key);
      if (window && window.resetAt > now && window.failures >= this.#maxFailures) {
        retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
      }
    }
    if (retryAfterMs > 0) {
      const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
      throw new HttpError(
        429,
        `Trop de tentatives de connexion échouées. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
        { code: 'throttled', headers: { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) } },
      );
    }
  }

  recordFailure(keys: string[]): void {
    const now = this.#now();
    if (this.#windows.size > 10_000) this.#sweep(now);
    for (const key of keys) {
      const window = this.#windows.get(key);
      if (!window || window.resetAt <= now) {
        this.#windows.set(key, { failures: 1, resetAt: now + this.#windowMs });
      } else {
        window.failures += 1;
      }
    }
  }

  recordSuccess(email: string): void {
    this.#windows.delete(`email:${email.trim().toLowerCase()}`);
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) {
      if (window.resetAt <= now) this.#windows.delete(key);
    }
  }
}
