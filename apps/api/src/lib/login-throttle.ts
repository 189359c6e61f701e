import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { lockName } from '../db/locks.js';
import type { Database } from '../db/schema.js';
import { runInTransaction } from '../db/transaction.js';
import { HttpError } from './http-errors.js';

export interface LoginThrottleOptions {
  /** Failures allowed per address and per account before delays start (LOGIN_MAX_FAILURES). */
  freeFailures: number;
  /** Failures are forgotten this long after the last failure or delay (LOGIN_WINDOW_SECONDS); the longest delay. */
  windowSeconds: number;
  /** First delay; each further failure doubles it (LOGIN_BASE_DELAY_SECONDS). */
  baseDelaySeconds: number;
  now?: () => Date;
}

/** What `begin` counted: the keys to clear when the password turns out right. */
export interface LoginAttempt {
  keys: string[];
}

interface KeyState {
  failures: number;
  blockedUntil: number | null;
}

function hashKey(kind: 'address' | 'account', value: string): string {
  return createHash('sha256').update(`${kind}:${value}`).digest('hex');
}

function throttled(retryAfterMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new HttpError(
    429,
    `Trop de tentatives de connexion échouées. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    { code: 'throttled', headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) } },
  );
}

/**
 * Login throttling that slows an attacker down without locking a real admin out, CAPTCHA-free and
 * shared by every API process (the counters are rows of `login_throttle`).
 *
 * Two counters per attempt: the client address and the account (the e-mail typed, known or not).
 * After `freeFailures` failures a counter imposes a delay that doubles with each further failure
 * (30 s, 1 min, 2 min… up to the window), during which:
 * - an address in delay may not try any account;
 * - an account in delay may not be tried from an address that failed recently; an address with no
 *   recent failure may still try it, once. So an attacker guessing one admin's password gets one
 *   guess per fresh address per delay, while the admin, with the right password from an address
 *   that did not fail, logs in at once.
 *
 * An attempt is counted as a failure before the password is checked (in a transaction that locks
 * both counters), so parallel guesses cannot all pass the check; a success then clears both.
 * Behind a reverse proxy the address is the real client's only with TRUST_PROXY set.
 */
export class LoginThrottle {
  readonly #db: Kysely<Database>;
  readonly #options: Required<LoginThrottleOptions>;
  #attemptsSinceSweep = 0;

  constructor(db: Kysely<Database>, options: LoginThrottleOptions) {
    this.#db = db;
    this.#options = { now: () => new Date(), ...options };
  }

  /** Refuses the attempt with a French 429 while a delay applies; otherwise counts it as a failure. */
  async begin(address: string, email: string): Promise<LoginAttempt> {
    const addressKey = hashKey('address', address);
    const accountKey = hashKey('account', email.trim().toLowerCase());
    await this.#sweepNowAndThen();
    return runInTransaction(this.#db, async (trx) => {
      // Named locks in a stable order: the rows may not exist yet.
      for (const key of [addressKey, accountKey].sort()) await lockName(trx, `login:${key}`);
      const now = this.#options.now().getTime();
      const address = await this.#read(trx, addressKey, now);
      const account = await this.#read(trx, accountKey, now);
      if (address.blockedUntil !== null && address.blockedUntil > now) {
        throw throttled(address.blockedUntil - now);
      }
      const addressIsFresh = address.failures === 0;
      if (!addressIsFresh && account.blockedUntil !== null && account.blockedUntil > now) {
        throw throttled(account.blockedUntil - now);
      }
      await this.#write(trx, addressKey, address.failures + 1, now);
      await this.#write(trx, accountKey, account.failures + 1, now);
      return { keys: [addressKey, accountKey] };
    });
  }

  /** The password was right: forgets both counters (the failure `begin` counted included). */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.#db.deleteFrom('login_throttle').where('key', 'in', attempt.keys).execute();
  }

  /** Delay imposed after the `failures`-th failure, in milliseconds (0 while failures are free). */
  delayAfter(failures: number): number {
    const { freeFailures, baseDelaySeconds, windowSeconds } = this.#options;
    if (failures < freeFailures) return 0;
    const doublings = Math.min(failures - freeFailures, 30);
    return Math.min(baseDelaySeconds * 2 ** doublings, windowSeconds) * 1000;
  }

  async #read(trx: Kysely<Database>, key: string, now: number): Promise<KeyState> {
    const row = await trx
      .selectFrom('login_throttle')
      .select(['failures', 'blocked_until', 'expires_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() <= now) return { failures: 0, blockedUntil: null };
    return {
      failures: row.failures,
      blockedUntil: row.blocked_until === null ? null : new Date(row.blocked_until).getTime(),
    };
  }

  async #write(trx: Kysely<Database>, key: string, failures: number, now: number): Promise<void> {
    const delay = this.delayAfter(failures);
    const blockedUntil = delay > 0 ? new Date(now + delay).toISOString() : null;
    const expiresAt = new Date(now + delay + this.#options.windowSeconds * 1000).toISOString();
    await trx
      .insertInto('login_throttle')
      .values({ key, failures, blocked_until: blockedUntil, expires_at: expiresAt })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({ failures, blocked_until: blockedUntil, expires_at: expiresAt }),
      )
      .execute();
  }

  /** Deletes forgotten counters once every hundred attempts, so the table stays small. */
  async #sweepNowAndThen(): Promise<void> {
    this.#attemptsSinceSweep += 1;
    if (this.#attemptsSinceSweep < 100) return;
    this.#attemptsSinceSweep = 0;
    await this.#db
      .deleteFrom('login_throttle')
      .where('expires_at', '<=', this.#options.now().toISOString())
      .execute();
  }
}
