import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withoutNotingStatements } from '../db/statement-reads.js';
import { insertCategory } from '../modules/projects/projects.factories.js';
import { createTestDatabase } from '../test/test-context.js';
import {
  answerMayBeKept,
  keepAnswerUntil,
  keptResponseStats,
  registerKeptResponses,
} from './kept-responses.js';

/*
 * Which answers plugins/kept-responses.ts keeps, on routes written for the test (both databases).
 */

describe('what a kept answer may read and do', () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let runs: Record<string, number>;
  let raceWith: (write: () => Promise<void>) => void;
  let gate: Promise<void> = Promise.resolve();
  let heldStarted: (() => void) | undefined;

  /** Starts a request to /held (query `query`) and resolves once its answer is being computed. */
  const hold = (query: string) => {
    let open: () => void = () => {};
    gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const started = new Promise<void>((resolve) => {
      heldStarted = resolve;
    });
    const first = app.inject({ method: 'GET', url: `/held?${query}` });
    return { first, open, started };
  };
  /** Resolves once `count` requests wait for an answer another computes. */
  const waitingFor = (count: number) =>
    vi.waitFor(() => expect(keptResponseStats(app).waiting).toBe(count), { timeout: 5_000 });

  beforeAll(async () => {
    const database = await createTestDatabase();
    dispose = database.dispose;
    runs = {};
    const db = database.handle.db;
    app = Fastify();
    app.decorate('db', db);
    app.decorate('dialect', database.handle.dialect);
    // Waiting for another's answer never ends by itself here: a request that should not wait would hang.
    registerKeptResponses(app, { enabled: true, computationWaitMs: 600_000 });
    const counted = (name: string) => {
      runs[name] = (runs[name] ?? 0) + 1;
    };
    app.get('/categories', { config: { keptResponse: true } }, async () => {
      counted('categories');
      return { names: (await db.selectFrom('categories').select('name').execute()).map((row) => row.name) };
    });
    app.get('/writes', { config: { keptResponse: true } }, async () => {
      counted('writes');
      await sql`update categories set description = 'lu' where id = -1`.execute(db);
      return { ok: true };
    });
    app.get('/unversioned', { config: { keptResponse: true } }, async () => {
      counted('unversioned');
      return { rows: (await db.selectFrom('login_throttle').select('key').execute()).length };
    });
    const withoutPeriod = (request: FastifyRequest) =>
      (request.query as { period?: string }).period === undefined;
    app.get('/ruled', { config: { keptResponse: withoutPeriod } }, async (request) => {
      counted('ruled');
      const rows = await db.selectFrom('categories').select('id').execute();
      const period = (request.query as { period?: string }).period ?? null;
      return { n: rows.length, period, mayBeKept: answerMayBeKept(request) };
    });
    app.get('/writes-in-a-read', { config: { keptResponse: true } }, async () => {
      counted('writes-in-a-read');
      // A statement that reads and writes (SQLite: it opens a table to write; PostgreSQL: its plan does).
      const { rows } = await sql<{ n: number }>`
        with touched as (update categories set description = 'lu' where id = -1 returning id)
        select count(*) as n from touched`.execute(db);
      return { n: Number(rows[0]?.n) };
    });
    app.get('/clock', { config: { keptResponse: true } }, async () => {
      counted('clock');
      const { rows } = await sql<{ at: unknown }>`select current_timestamp as at from categories`.execute(db);
      return { n: rows.length };
    });
    let writeDuring: (() => Promise<void>) | undefined;
    app.get('/race', { config: { keptResponse: true } }, async () => {
      counted('race');
      const names = (await db.selectFrom('categories').select('name').execute()).map((row) => row.name);
      // A write committed after the versions were read and after this answer's statement ran.
      await writeDuring?.();
      writeDuring = undefined;
      return { names };
    });
    raceWith = (write) => {
      writeDuring = write;
    };
    app.get('/failing', { config: { keptResponse: true } }, async (_request, reply) => {
      counted('failing');
      await db.selectFrom('categories').select('id').execute();
      return reply.status(404).send({ detail: 'Introuvable.' });
    });
    /* Held until the test opens its gate, the answer's statement run: a computation under way. The
       query tells what the answer does at its end (expire at once, fail). */
    app.get('/held', { config: { keptResponse: true } }, async (request, reply) => {
      counted('held');
      const startedAt = Date.now();
      const names = (await db.selectFrom('categories').select('name').execute()).map((row) => row.name);
      heldStarted?.();
      await gate;
      const { end } = request.query as { end?: string };
      if (end === 'fails') return reply.status(503).send({ detail: 'Indisponible.' });
      if (end === 'expires') keepAnswerUntil(request, startedAt);
      return { names, run: runs.held };
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const twice = async (url: string) => {
    const first = await app.inject({ method: 'GET', url });
    const second = await app.inject({ method: 'GET', url });
    return [first, second] as const;
  };

  it('keeps an answer that reads versioned tables, until one of them is written', async () => {
    const [first, second] = await twice('/categories');
    expect(second.body).toBe(first.body);
    expect(runs.categories).toBe(1);
    await insertCategory(app.db, 'Plomberie');
    const third = await app.inject({ method: 'GET', url: '/categories' });
    expect(runs.categories).toBe(2);
    expect(third.json().names).toContain('Plomberie');
  });

  it('never keeps an answer that wrote, that read an unversioned table, or that is not a 200', async () => {
    await twice('/writes');
    expect(runs.writes).toBe(2);
    await twice('/unversioned');
    expect(runs.unversioned).toBe(2);
    const [, failed] = await twice('/failing');
    expect(failed.statusCode).toBe(404);
    expect(runs.failing).toBe(2);
  });

  it('never keeps an answer whose statement writes while it reads, or reads the clock', async () => {
    await twice('/writes-in-a-read');
    expect(runs['writes-in-a-read']).toBe(2);
    await twice('/clock');
    expect(runs.clock).toBe(2);
  });

  it('does not serve an answer computed before a write that committed while it was computed', async () => {
    await insertCategory(app.db, 'Avant la course');
    // Outside the request's noted statements, as another process's write would be.
    raceWith(() =>
      withoutNotingStatements(() => insertCategory(app.db, 'Pendant la course')).then(() => undefined),
    );
    const first = await app.inject({ method: 'GET', url: '/race' });
    expect(first.json().names).not.toContain('Pendant la course');
    const second = await app.inject({ method: 'GET', url: '/race' });
    expect(runs.race).toBe(2);
    expect(second.json().names).toContain('Pendant la course');
    // Then kept: no write since.
    await app.inject({ method: 'GET', url: '/race' });
    expect(runs.race).toBe(2);
  });

  it('serves a request arriving while the same answer is computed that answer, computed once', async () => {
    const { first, open, started } = hold('case=shared');
    await started;
    const stats = keptResponseStats(app);
    const second = app.inject({ method: 'GET', url: '/held?case=shared' });
    await waitingFor(1);
    open();
    const [a, b] = await Promise.all([first, second]);
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(runs.held).toBe(a.json().run);
    expect(keptResponseStats(app).shared - stats.shared).toBe(1);
    expect(keptResponseStats(app).waiting).toBe(0);
  });

  it('computes its own answer when a write committed before it arrived, without waiting', async () => {
    const before = runs.held ?? 0;
    const { first, open, started } = hold('case=write');
    await started;
    await insertCategory(app.db, 'Écrite pendant le calcul');
    const stats = keptResponseStats(app);
    const second = app.inject({ method: 'GET', url: '/held?case=write' });
    // It does not wait for the first (its versions differ): it runs the handler too, held at the gate.
    await vi.waitFor(() => expect(runs.held).toBe(before + 2), { timeout: 5_000 });
    expect(keptResponseStats(app).waiting).toBe(0);
    open();
    const [a, b] = await Promise.all([first, second]);
    expect(a.json().names).not.toContain('Écrite pendant le calcul');
    expect(b.json().names).toContain('Écrite pendant le calcul');
    expect(keptResponseStats(app).shared).toBe(stats.shared);
  });

  it('does not serve a waiting request an answer that expired before it arrived, nor a failure', async () => {
    for (const end of ['expires', 'fails']) {
      const before = runs.held ?? 0;
      const { first, open, started } = hold(`end=${end}`);
      await started;
      const stats = keptResponseStats(app);
      const second = app.inject({ method: 'GET', url: `/held?end=${end}` });
      await waitingFor(1);
      open();
      const [a, b] = await Promise.all([first, second]);
      expect(a.statusCode).toBe(end === 'fails' ? 503 : 200);
      expect(b.statusCode).toBe(a.statusCode);
      // The waiting request computed its own answer once the first had ended.
      expect(runs.held).toBe(before + 2);
      expect(keptResponseStats(app).shared).toBe(stats.shared);
    }
  });

  it('asks the route’s rule for each request, and tells the handler whether its answer may be kept', async () => {
    const [withPeriod] = await twice('/ruled?period=week');
    expect(runs.ruled).toBe(2);
    expect(withPeriod.json().mayBeKept).toBe(false);
    const [without] = await twice('/ruled');
    expect(runs.ruled).toBe(3);
    expect(without.json().mayBeKept).toBe(true);
  });

  it('refuses a route that writes or records a journal entry', () => {
    const other = Fastify();
    other.decorate('db', app.db);
    other.decorate('dialect', app.dialect);
    registerKeptResponses(other, { enabled: true });
    expect(() =>
      other.post('/refused', { config: { keptResponse: true } }, async () => ({ ok: true })),
    ).toThrow(/seule une lecture/);
    expect(() =>
      other.get(
        '/audited',
        { config: { keptResponse: true, audit: { action: 'dispute.view_evidence', object: 'dispute' } } },
        async () => ({ ok: true }),
      ),
    ).toThrow(/seule une lecture/);
  });
});
