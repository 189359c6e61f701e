import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { lockName } from '../db/locks.js';
import type { Database } from '../db/schema.js';
import { runInTransaction } from '../db/transaction.js';
import { HttpError } from '../lib/http-errors.js';

/** The families of expensive endpoints. A new one (broadcasts...) adds its name and its rule. */
export type LimitName = 'export' | 'bulk';

export interface LimitRule {
  /** Requests of this family one admin may have running at once. */
  maxConcurrent: number;
  /** Requests of this family one admin may start per minute. */
  perMinute: number;
  /** Start of the French 429 detail: 'Trop d’exports'. */
  tooMany: string;
}

const WINDOW_MS = 60_000;
/** A lease that was never released (a crashed process) stops counting after this long. */
const LEASE_MS = 15 * 60_000;

function tooManyRequests(detail: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, detail, {
    code: 'rate_limited',
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

/**
 * Per-subject concurrency and rate limits kept in the database, so that they hold across every API
 * process: a fixed one-minute window of hits (`rate_limit_windows`) and one lease per running
 * request (`concurrency_leases`). Both are checked and taken in one transaction under a named lock
 * per subject, so that parallel requests cannot all slip under the limit.
 */
export class RequestLimiter {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;

  constructor(db: Kysely<Database>, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  /** Takes a lease, or throws a French 429 with Retry-After. Returns the lease id to release. */
  acquire(name: string, subject: string, rule: LimitRule): Promise<string> {
    const key = `${name}:${subject}`;
    return runInTransaction(this.#db, async (trx) => {
      await lockName(trx, `limit:${key}`);
      const now = this.#now();
      await trx
        .deleteFrom('concurrency_leases')
        .where('key', '=', key)
        .where('expires_at', '<=', now.toISOString())
        .execute();
      const running = await trx
        .selectFrom('concurrency_leases')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      if (Number(running.count) >= rule.maxConcurrent) {
        throw tooManyRequests(
          `${rule.tooMany} en cours pour votre compte (${rule.maxConcurrent} au plus à la fois). ` +
            'Attendez la fin de l’une d’elles puis réessayez.',
          5,
        );
      }

      const window = await trx
        .selectFrom('rate_limit_windows')
        .select(['window_start', 'hits'])
        .where('key', '=', key)
        .executeTakeFirst();
      const windowStart = window ? new Date(window.window_start).getTime() : 0;
      const current = window && now.getTime() - windowStart < WINDOW_MS;
      if (current && window.hits >= rule.perMinute) {
        const seconds = (windowStart + WINDOW_MS - now.getTime()) / 1000;
        throw tooManyRequests(
          `${rule.tooMany} demandées en une minute (${rule.perMinute} au plus). ` +
            `Réessayez dans ${Math.max(1, Math.ceil(seconds))} secondes.`,
          seconds,
        );
      }
      const next = current
        ? { window_start: window.window_start, hits: window.hits + 1 }
        : { window_start: now.toISOString(), hits: 1 };
      await trx
        .insertInto('rate_limit_windows')
        .values({ key, ...next })
        .onConflict((conflict) => conflict.column('key').doUpdateSet(next))
        .execute();

      const id = randomBytes(16).toString('base64url');
      await trx
        .insertInto('concurrency_leases')
        .values({ id, key, expires_at: new Date(now.getTime() + LEASE_MS).toISOString() })
        .execute();
      return id;
    });
  }

  async release(leaseId: string): Promise<void> {
    await this.#db.deleteFrom('concurrency_leases').where('id', '=', leaseId).execute();
  }
}

const releases = new WeakMap<FastifyRequest, () => Promise<void>>();

/** Whether a reply's payload is a stream (an export), sent after its `onSend` hooks have run. */
function isStream(payload: unknown): boolean {
  return typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
}

/**
 * Applies the limits to every route declaring `config: { limit: '<name>' }`, per admin: the lease
 * is taken once the request is authenticated and valid (preHandler) and released before a whole
 * answer is sent (so the admin's next action never finds it still held), or, for a streamed
 * export, once its last byte is sent or the client goes away.
 */
export function registerRequestLimits(app: FastifyInstance, rules: Record<LimitName, LimitRule>): void {
  const limiter = new RequestLimiter(app.db);
  app.addHook('preHandler', async (request, reply) => {
    const name = request.routeOptions.config.limit;
    if (!name || !request.admin) return;
    const leaseId = await limiter.acquire(name, `admin-${request.admin.id}`, rules[name]);
    let released: Promise<void> | undefined;
    const release = () => {
      released ??= limiter.release(leaseId).catch((error: unknown) => {
        // The lease expires by itself; a database outage must not turn into an unhandled rejection.
        request.log.warn({ err: error }, 'lease not released');
      });
      return released;
    };
    releases.set(request, release);
    reply.raw.once('close', () => void release());
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!isStream(payload)) await releases.get(request)?.();
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    await releases.get(request)?.();
  });
}

/** The rules of the configured limits (see config.ts). */
export function limitRulesOf(limits: FastifyInstance['config']['limits']): Record<LimitName, LimitRule> {
  return {
    export: { ...limits.export, tooMany: 'Trop d’exportations' },
    bulk: { ...limits.bulk, tooMany: 'Trop d’actions groupées' },
  };
}
