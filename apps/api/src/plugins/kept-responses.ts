import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newStatementReads, noteStatementsIn, type StatementReads } from '../db/statement-reads.js';
import { stampOf, tablesReadBy, tableVersions } from '../db/unchanged-tables.js';
import { type Computation, ComputationsInFlight, sameVersions } from '../lib/computations-in-flight.js';
import { RecentlyUsed } from '../lib/recently-used.js';

/*
 * A list's whole answer kept while the tables it read are unchanged (SQLite and PostgreSQL).
 *
 * A list request on unchanged tables does its whole work again to find the same answer: at a million
 * users a users page costs its process 0.66 ms of CPU, 0.26 of SQL and most of the rest building,
 * validating and writing its JSON, and a search as much again building and compiling its statements.
 * A route that opts in (`config.keptResponse`) has its answer kept, as written, under its admin and
 * its URL, stamped with the versions (db/unchanged-tables.ts, raised by triggers in the transaction
 * of every write, whoever writes) of every table its statements read: the connection notes each
 * statement a request runs (db/statement-reads.ts), and the tables each one reads are known from its
 * program. The versions are read *before* the handler runs: a write committed while it runs raises
 * one, and the next request finds a different stamp. A request whose stamp is the kept one gets the
 * kept answer; any other runs the handler, whose answer is kept in turn.
 *
 * Never kept: an answer that read a table without a version (a session, the journal's hours), that
 * ran a statement that writes, that is not a 200, or longer than KEPT_RESPONSE_MAX_LENGTH. A route opts
 * in only when its answer depends on nothing but its admin, its URL, those tables' rows and the clock
 * at instants it can tell, and without a journal entry written by the read (a relative time or a
 * signed link cannot opt in). Its predicate may leave out some requests. An answer that changes by the
 * clock at a known instant tells it (`keepAnswerUntil`, after `answerMayBeKept` when finding the
 * instant costs a read), and is served before then only: a pending verification turning urgent
 * (modules/verifications/urgency-expiry.ts), a period losing its oldest row or starting again at
 * midnight (lib/period-expiry.ts), a new UTC day or month.
 *
 * PostgreSQL too: its versions count the statements that wrote each table (rows inserted by statement
 * triggers, which wait on no other writer: migration 2026-12-01-0050), and the tables a statement
 * reads come from its plan (db/unchanged-tables.ts).
 *
 * A request finding no answer to serve while another request of the same admin and URL computes one,
 * from the same versions of the tables the URL read last time (lib/computations-in-flight.ts), waits
 * for that answer (COMPUTATION_WAIT_MS at most) and is served it when it may be (the same checks as
 * a kept answer: its stamp and its instant); otherwise it computes its own. When a kept answer
 * expired (a week's oldest notification leaving it, a write), every request in flight computed it
 * again at once: on PostgreSQL at a million users, 16 connections on provider verifications of the
 * last 7 days with a term had a p99 of 257 ms, each recomputation 14–21 ms of SQL, side by side.
 */

/** Answers kept per process (the least recently used dropped past this many). */
export const KEPT_RESPONSES = 256;
/** Longer answers (in characters) are not kept: at most 256 × 64 k = 16 M characters per process. */
export const KEPT_RESPONSE_MAX_LENGTH = 64 * 1024;
/** A URL whose answer could not be kept is tried again after this many requests. */
const UNKEPT_RETRY = 100;
/**
 * Longest wait for the same answer being computed by another request (past it, the request computes
 * its own): a slow computation does not hold every request behind it for longer.
 */
export const COMPUTATION_WAIT_MS = 1_000;

/** Whether a request's answer may be kept: `true` for all of the route's requests. */
export type KeptResponseRule = true | ((request: FastifyRequest) => boolean);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is kept while the tables it read are unchanged (plugins/kept-responses.ts),
     * for the requests this allows. Only for a GET whose answer depends on nothing but the admin, the
     * URL and the rows of the tables it reads.
     */
    keptResponse?: KeptResponseRule;
  }
}

type KeptEntry =
  | { kind: 'answer'; tables: readonly string[]; stamp: string; payload: string; until: number }
  | { kind: 'unkept'; retryIn: number };

interface PendingAnswer {
  key: string;
  versions: ReadonlyMap<string, number>;
  reads: StatementReads;
  computation: Computation;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * How many answers an application gave from those kept, how many it kept, how many of those served
 * it had waited for while another request computed them, and how many requests wait so now (tests,
 * bench).
 */
export interface KeptResponseStats {
  served: number;
  kept: number;
  shared: number;
  waiting: number;
}
const statsByApp = new WeakMap<FastifyInstance, KeptResponseStats>();

export function keptResponseStats(app: FastifyInstance): KeptResponseStats {
  return { ...(statsByApp.get(app) ?? { served: 0, kept: 0, shared: 0, waiting: 0 }) };
}

export function registerKeptResponses(
  app: FastifyInstance,
  options: { enabled: boolean; computationWaitMs?: number },
): void {
  if (!options.enabled) return;
  const kept = new RecentlyUsed<string, KeptEntry>(KEPT_RESPONSES);
  const pending = new WeakMap<FastifyRequest, PendingAnswer>();
  const db: Kysely<Database> = app.db;
  const computations = new ComputationsInFlight();
  const stats: KeptResponseStats = { served: 0, kept: 0, shared: 0, waiting: 0 };
  statsByApp.set(app, stats);

  app.addHook('onRoute', (route) => {
    const rule = route.config?.keptResponse;
    if (rule === undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.every((method) => method === 'GET' || method === 'HEAD') || route.config?.audit) {
      throw new Error(`${route.url} : seule une lecture sans entrée au journal garde sa réponse.`);
    }
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function keptOrAnswered(this: FastifyInstance, request, reply) {
      if (request.method !== 'GET' || (rule !== true && !rule(request))) {
        return handler.call(this, request, reply);
      }
      const key = `${request.admin?.id ?? ''}\u0000${request.url}`;
      const entry = kept.get(key);
      if (entry?.kind === 'unkept') {
        entry.retryIn -= 1;
        if (entry.retryIn > 0) return handler.call(this, request, reply);
        kept.delete(key);
      }
      const arrivedAt = Date.now();
      const versions = await tableVersions(db);
      if (servable(entry, versions, arrivedAt)) {
        stats.served += 1;
        return sendKept(reply, entry.payload);
      }
      const computing = computations.get(key);
      if (computing && mayShare(computing, entry, versions)) {
        stats.waiting += 1;
        try {
          await computing.settled(options.computationWaitMs ?? COMPUTATION_WAIT_MS);
        } finally {
          stats.waiting -= 1;
        }
        const shared = kept.get(key);
        if (servable(shared, versions, arrivedAt)) {
          stats.served += 1;
          stats.shared += 1;
          return sendKept(reply, shared.payload);
        }
      }
      const reads = newStatementReads();
      pending.set(request, { key, versions, reads, computation: computations.start(key, versions) });
      beingKept.add(request);
      return noteStatementsIn(reads, () => handler.call(this, request, reply));
    };
    const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const answer = pending.get(request);
      if (answer === undefined) return payload;
      pending.delete(request);
      try {
        const entry = await keptEntryOf(answer, reply.statusCode, payload, expiries.get(request));
        if (entry.kind === 'answer') stats.kept += 1;
        kept.set(answer.key, entry);
      } finally {
        computations.end(answer.key, answer.computation);
      }
      return payload;
    };
    /* Every answer goes through onSend (an error's too, and an aborted request's: Fastify still sends),
       so its computation ends there. No other hook per request: a computation that never ended would
       hold its waiters COMPUTATION_WAIT_MS, and be replaced by the next one of its key. */
    route.onSend = [...hooksOf(route.onSend), keep];
  });

  async function keptEntryOf(
    answer: PendingAnswer,
    status: number,
    payload: unknown,
    until = Number.POSITIVE_INFINITY,
  ): Promise<KeptEntry> {
    const unkept: KeptEntry = { kind: 'unkept', retryIn: UNKEPT_RETRY };
    if (status !== 200 || typeof payload !== 'string' || answer.reads.wrote) return unkept;
    if (payload.length > KEPT_RESPONSE_MAX_LENGTH) return unkept;
    let tables: readonly string[] | null;
    try {
      tables = await tablesReadBy(db, answer.reads.statements);
    } catch {
      // A statement whose program cannot be read (the database busy, closing): simply not kept.
      return unkept;
    }
    const stamp = tables === null ? null : stampOf(tables, answer.versions);
    return tables === null || stamp === null ? unkept : { kind: 'answer', tables, stamp, payload, until };
  }
}

/** `entry` is an answer to serve to a request that read `versions` and arrived at `arrivedAt`. */
function servable(
  entry: KeptEntry | undefined,
  versions: ReadonlyMap<string, number>,
  arrivedAt: number,
): entry is Extract<KeptEntry, { kind: 'answer' }> {
  return (
    entry?.kind === 'answer' && stampOf(entry.tables, versions) === entry.stamp && arrivedAt < entry.until
  );
}

/**
 * Whether a request that read `versions` may wait for `computing`, the same answer being computed:
 * when the tables the URL's last answer read (`previous`) have not changed since that computation
 * started, or, none known, no table has. Waiting only where the answer will likely serve it; the
 * answer found is checked all the same (`servable`).
 */
function mayShare(
  computing: Computation,
  previous: KeptEntry | undefined,
  versions: ReadonlyMap<string, number>,
): boolean {
  if (previous?.kind !== 'answer') return sameVersions(computing.versions, versions);
  const stamp = stampOf(previous.tables, versions);
  return stamp !== null && stamp === stampOf(previous.tables, computing.versions);
}

/** A route's hooks of one kind, as a list. */
function hooksOf<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

function sendKept(reply: FastifyReply, payload: string): FastifyReply {
  return reply.header('content-type', JSON_TYPE).send(payload);
}

/** When a request's answer changes by the clock alone (ms since the epoch), if it does. */
const expiries = new WeakMap<FastifyRequest, number>();
/** The requests whose answer is being computed to be kept. */
const beingKept = new WeakSet<FastifyRequest>();

/**
 * Whether the answer being written for `request` may be kept: a route reads when its answer
 * changes by the clock (`keepAnswerUntil`) only then (never with KEPT_RESPONSES off).
 */
export function answerMayBeKept(request: FastifyRequest): boolean {
  return beingKept.has(request);
}

/**
 * The answer being written for `request` changes at `instant` (ms since the epoch) by the clock
 * alone, its rows unchanged (a pending verification turning urgent): kept, it is served before then
 * only.
 */
export function keepAnswerUntil(request: FastifyRequest, instant: number): void {
  expiries.set(request, Math.min(expiries.get(request) ?? Number.POSITIVE_INFINITY, instant));
}

/**
 * Keeps the answer of `request` (figures over the last twelve UTC months of `now`) until the next
 * UTC month starts, and returns `now`.
 */
export function keepUntilNextMonth(request: FastifyRequest, now: Date): Date {
  keepAnswerUntil(request, Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return now;
}
