import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderVerificationsTable } from '../db/schema.js';
import { insertProvider } from '../modules/providers/providers.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { RequestLimiter } from './rate-limit.js';

const EXPORT_URL = '/api/admin/provider-verification/export/';
const BULK_URL = '/api/admin/provider-verification/bulk-approve/';

/** Per-admin limits of the expensive endpoints (issue 16), kept in the database. */
describe('limits of the expensive endpoints', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      EXPORT_MAX_CONCURRENT: '2',
      EXPORT_MAX_PER_MINUTE: '3',
      BULK_MAX_CONCURRENT: '1',
      BULK_MAX_PER_MINUTE: '2',
    });
  });
  afterAll(() => ctx.close());

  async function adminHeaders(): Promise<{ authorization: string; id: number }> {
    const id = await insertUser(ctx.db, { role: 'admin' });
    return { authorization: `Bearer ${await ctx.app.tokens.sign(id)}`, id };
  }

  it('refuses a third export per minute of one admin with a French 429, not another admin’s', async () => {
    const first = await adminHeaders();
    const second = await adminHeaders();
    for (let index = 0; index < 3; index += 1) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: EXPORT_URL,
        headers: { authorization: first.authorization },
      });
      expect(response.statusCode).toBe(200);
    }
    const refused = await ctx.app.inject({
      method: 'GET',
      url: EXPORT_URL,
      headers: { authorization: first.authorization },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(refused.json().detail).toMatch(
      /^Trop d’exportations demandées en une minute \(3 au plus\)\. Réessayez dans \d+ secondes\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const other = await ctx.app.inject({
      method: 'GET',
      url: EXPORT_URL,
      headers: { authorization: second.authorization },
    });
    expect(other.statusCode).toBe(200);
    // Every finished export gives its lease back (released once the answer is sent, without delaying it).
    await expect
      .poll(() => ctx.db.selectFrom('concurrency_leases').select('id').execute(), { timeout: 5_000 })
      .toEqual([]);
  });

  it('refuses an export while the admin already has the maximum running, and accepts it once one ends', async () => {
    const admin = await adminHeaders();
    const limiter = new RequestLimiter(ctx.db);
    const rule = { ...ctx.config.limits.export, perMinute: 1000, tooMany: 'Trop d’exportations' };
    // Two exports of this admin in flight (held as another process would hold them).
    const running = [
      await limiter.acquire('export', `admin-${admin.id}`, rule),
      await limiter.acquire('export', `admin-${admin.id}`, rule),
    ];
    const refused = await ctx.app.inject({
      method: 'GET',
      url: EXPORT_URL,
      headers: { authorization: admin.authorization },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(
      'Trop d’exportations en cours pour votre compte (2 au plus à la fois). Attendez la fin de l’une d’elles puis réessayez.',
    );
    await limiter.release(running[0] ?? '');
    const accepted = await ctx.app.inject({
      method: 'GET',
      url: EXPORT_URL,
      headers: { authorization: admin.authorization },
    });
    expect(accepted.statusCode).toBe(200);
    await limiter.release(running[1] ?? '');
  });

  it('never lets parallel requests slip past the concurrency limit', async () => {
    const limiter = new RequestLimiter(ctx.db);
    const rule = { maxConcurrent: 3, perMinute: 1000, tooMany: 'Trop d’essais' };
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => limiter.acquire('test', 'parallel', rule)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ statusCode: 429 });
    }
  });

  it('limits bulk actions per admin as well', async () => {
    const admin = await adminHeaders();
    const bulk = () =>
      ctx.app.inject({
        method: 'POST',
        url: BULK_URL,
        headers: { authorization: admin.authorization },
        payload: { verification_ids: [2_000_000_000] },
      });
    expect((await bulk()).statusCode).toBe(200);
    // Its lease is gone once it has answered: the next action never finds it "still running" (with
    // one bulk action at a time, a release left for after the answer made the next one a 429).
    const leases = await ctx.db
      .selectFrom('concurrency_leases')
      .select('id')
      .where('key', '=', `bulk:admin-${admin.id}`)
      .execute();
    expect(leases).toEqual([]);
    expect((await bulk()).statusCode).toBe(200);
    const refused = await bulk();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Trop d’actions groupées demandées en une minute \(2 au plus\)/);
  });

  it('does not count a request refused by validation', async () => {
    const admin = await adminHeaders();
    for (let index = 0; index < 4; index += 1) {
      const invalid = await ctx.app.inject({
        method: 'POST',
        url: BULK_URL,
        headers: { authorization: admin.authorization },
        payload: { verification_ids: 'pas une liste' },
      });
      expect(invalid.statusCode).toBe(400);
    }
    const valid = await ctx.app.inject({
      method: 'POST',
      url: BULK_URL,
      headers: { authorization: admin.authorization },
      payload: { verification_ids: [2_000_000_000] },
    });
    expect(valid.statusCode).toBe(200);
  });
});

describe('many exports at once', () => {
  let ctx: TestContext;
  const ROWS = 3000;

  beforeAll(async () => {
    ctx = await createTestContext({ EXPORT_QUERY_SLOTS: '2' });
    const userId = (await insertProvider(ctx.db, { username: 'bulk-export' })).userId;
    const now = new Date().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      for (let offset = 0; offset < ROWS; offset += 500) {
        const batch: Insertable<ProviderVerificationsTable>[] = [];
        for (let index = offset; index < offset + 500; index += 1) {
          batch.push({
            user_id: userId,
            is_business: index % 2 === 0,
            business_name: `Entreprise ${index}`,
            business_nif: null,
            business_registration_number: null,
            business_description: null,
            document_type: 'id_card',
            id_card_front: null,
            id_card_back: null,
            passport_image: null,
            selfie_image: null,
            verification_status: 'pending',
            submitted_at: now,
            verified_at: null,
            verified_by: null,
            rejection_reason: null,
            admin_notes: 'Une note assez longue pour que chaque ligne pèse son poids dans le fichier.',
            updated_at: now,
          });
        }
        await trx.insertInto('provider_verifications').values(batch).execute();
      }
    });
  });
  afterAll(() => ctx.close());

  it('keeps answering other requests quickly while twenty exports stream', async () => {
    const admins: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const id = await insertUser(ctx.db, { role: 'admin' });
      admins.push(`Bearer ${await ctx.app.tokens.sign(id)}`);
    }
    let finished = 0;
    const exportsStarted = performance.now();
    const exports = admins.map((authorization) =>
      ctx.app
        .inject({ method: 'GET', url: `${EXPORT_URL}?page_size=1`, headers: { authorization } })
        .then((response) => {
          finished += 1;
          return response;
        }),
    );
    const latencies: number[] = [];
    while (finished < 10) {
      // Over a socket each request arrives in its own turn of the event loop; inject must yield one,
      // or a request answered without any I/O (SQLite is synchronous, the token already checked) would
      // run the whole loop in microtasks and never let the exports' turns come.
      await new Promise((resolve) => setImmediate(resolve));
      const started = performance.now();
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me/', headers: ctx.auth });
      expect(response.statusCode).toBe(200);
      latencies.push(performance.now() - started);
    }
    const answers = await Promise.all(exports);
    const exportsTook = performance.now() - exportsStarted;
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.every((answer) => answer.body.split('\r\n').filter(Boolean).length === ROWS + 1)).toBe(
      true,
    );
    // Other requests went through while the exports were running, each in a small part of their time.
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...latencies)).toBeLessThan(exportsTook / 4);
    expect(ctx.app.exportLane.running).toBe(0);
  });
});
