import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertProvider } from '../providers/providers.factories.js';
import {
  hoursAgo,
  insertClientVerification,
  insertProviderVerification,
} from '../verifications/verifications.factories.js';

/**
 * `users.verification_status` is kept by database triggers; the user list filters and counts on it.
 * These tests change verifications in every way and read the list back.
 */
describe('user verification status follows the latest verification', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function statusOf(userId: number): Promise<string | null> {
    const row = await ctx.db
      .selectFrom('users')
      .select('verification_status')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.verification_status;
  }

  async function listedIds(query: string): Promise<number[]> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/?page_size=100&${query}`,
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json().results.map((user: { id: number }) => user.id);
  }

  it('tracks a provider through submission, approval, a newer rejection and its removal', async () => {
    const providerId = (await insertProvider(ctx.db, { username: 'suivi.prestataire' })).userId;
    expect(await statusOf(providerId)).toBeNull();
    expect(await listedIds('verification_status=not_started')).toContain(providerId);

    const first = await insertProviderVerification(ctx.db, {
      user_id: providerId,
      submitted_at: hoursAgo(10),
    });
    expect(await statusOf(providerId)).toBe('pending');
    expect(await listedIds('verification_status=pending')).toContain(providerId);
    expect(await listedIds('verification_status=not_started')).not.toContain(providerId);

    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/provider-verification/${first}/approve/`,
      headers: ctx.auth,
      payload: {},
    });
    expect(approve.statusCode).toBe(200);
    expect(await statusOf(providerId)).toBe('verified');

    const newer = await insertProviderVerification(ctx.db, {
      user_id: providerId,
      verification_status: 'rejected',
      submitted_at: hoursAgo(1),
    });
    expect(await statusOf(providerId)).toBe('rejected');
    expect(await listedIds('verification_status=rejected')).toContain(providerId);

    await ctx.db.deleteFrom('provider_verifications').where('id', '=', newer).execute();
    expect(await statusOf(providerId)).toBe('verified');

    await ctx.db.deleteFrom('provider_verifications').where('id', '=', first).execute();
    expect(await statusOf(providerId)).toBeNull();
  });

  it('tracks a client through rejection and reset, and counts on the whole filtered set', async () => {
    const clientId = await insertUser(ctx.db, { role: 'client', username: 'suivi.client' });
    const verification = await insertClientVerification(ctx.db, { user_id: clientId });
    const reject = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/client-verification/${verification}/reject/`,
      headers: ctx.auth,
      payload: { rejection_reason: 'Document illisible' },
    });
    expect(reject.statusCode).toBe(200);
    expect(await statusOf(clientId)).toBe('rejected');

    const before = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/?search=suivi.client',
      headers: ctx.auth,
    });
    expect(before.json().stats).toMatchObject({ pending: 0, rejected: 1 });

    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/client-verification/${verification}/reset/`,
      headers: ctx.auth,
    });
    expect(reset.statusCode).toBe(200);
    expect(await statusOf(clientId)).toBe('pending');
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/?search=suivi.client',
      headers: ctx.auth,
    });
    expect(after.json().stats).toMatchObject({ pending: 1, rejected: 0 });
  });

  /**
   * A mark that changes whenever the user's row is written: PostgreSQL's row version (`xmin`),
   * SQLite's version of the users table (migration 2026-11-30-0046).
   */
  async function rowWrites(userId: number): Promise<string> {
    const { rows } =
      ctx.dialect === 'postgres'
        ? await sql<{ mark: string }>`select xmin::text as mark from users where id = ${userId}`.execute(
            ctx.db,
          )
        : await sql<{ mark: string }>`select cast(version as text) as mark from table_versions
            where name = 'users'`.execute(ctx.db);
    return rows[0]?.mark ?? '';
  }

  it('leaves the user’s row alone when a write does not change its latest status (migration 0049)', async () => {
    const providerId = (await insertProvider(ctx.db, { username: 'sans.changement' })).userId;
    const older = await insertProviderVerification(ctx.db, {
      user_id: providerId,
      verification_status: 'rejected',
      submitted_at: hoursAgo(20),
    });
    await insertProviderVerification(ctx.db, { user_id: providerId, submitted_at: hoursAgo(2) });
    expect(await statusOf(providerId)).toBe('pending');
    const before = await rowWrites(providerId);

    // A decision on the older verification, then another pending one beside the latest.
    await ctx.db
      .updateTable('provider_verifications')
      .set({ verification_status: 'verified' })
      .where('id', '=', older)
      .execute();
    const another = await insertProviderVerification(ctx.db, {
      user_id: providerId,
      submitted_at: hoursAgo(1),
    });
    expect(await statusOf(providerId)).toBe('pending');
    expect(await rowWrites(providerId)).toBe(before);

    // A change of the latest status still reaches the row, and the list.
    await ctx.db
      .updateTable('provider_verifications')
      .set({ verification_status: 'rejected' })
      .where('id', '=', another)
      .execute();
    expect(await statusOf(providerId)).toBe('rejected');
    expect(await rowWrites(providerId)).not.toBe(before);
    expect(await listedIds('verification_status=rejected')).toContain(providerId);
  });

  it('ignores a client verification for a provider and never gives an admin a status', async () => {
    const providerId = (await insertProvider(ctx.db, { username: 'mauvais.type' })).userId;
    await insertClientVerification(ctx.db, { user_id: providerId });
    expect(await statusOf(providerId)).toBeNull();
    expect(await statusOf(ctx.adminId)).toBeNull();
    for (const status of ['pending', 'verified', 'rejected', 'not_started']) {
      expect(await listedIds(`verification_status=${status}`)).not.toContain(ctx.adminId);
    }
  });
});
