import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { hoursAgo, insertClientVerification } from './verifications.factories.js';

const BASE = '/api/admin/client-verification';

describe('client verifications API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
  const post = (url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: ctx.auth, ...(payload ? { payload } : {}) });
  const stateOf = (id: number) =>
    ctx.db
      .selectFrom('client_verifications')
      .innerJoin('users', 'users.id', 'client_verifications.user_id')
      .select([
        'client_verifications.verification_status',
        'client_verifications.rejection_reason',
        'client_verifications.verified_by',
        'client_verifications.verified_at',
        'client_verifications.admin_notes',
        'users.id as user_id',
        'users.is_verified as is_user_verified',
      ])
      .where('client_verifications.id', '=', id)
      .executeTakeFirstOrThrow();
  const notificationsOf = (userId: number) =>
    ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).execute();

  it('approves a pending verification, marks the client verified and notifies them', async () => {
    const id = await insertClientVerification(ctx.db);
    const response = await post(`${BASE}/${id}/approve/`, { admin_notes: 'OK' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verification_status: 'verified',
      admin_notes: 'OK',
      verified_by: { id: ctx.adminId, username: 'admin' },
    });
    const state = await stateOf(id);
    expect(state.is_user_verified).toBe(true);
    const notifications = await notificationsOf(state.user_id);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      notification_type: 'verification_approved',
      created_by: ctx.adminId,
    });
  });

  it('rejects with a reason and refuses without one', async () => {
    const id = await insertClientVerification(ctx.db);
    const blank = await post(`${BASE}/${id}/reject/`, { rejection_reason: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail).toBe('La raison du rejet est obligatoire');
    const response = await post(`${BASE}/${id}/reject/`, {
      rejection_reason: 'Document expiré',
      admin_notes: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verification_status: 'rejected',
      rejection_reason: 'Document expiré',
    });
    const state = await stateOf(id);
    const [notification] = await notificationsOf(state.user_id);
    expect(notification).toMatchObject({ notification_type: 'verification_rejected', priority: 'high' });
    expect(notification?.message).toContain('Document expiré');
  });

  it('resets a rejected verification to pending and clears the reason and the decision', async () => {
    const id = await insertClientVerification(ctx.db, {
      verification_status: 'rejected',
      rejection_reason: 'Flou',
      verified_at: hoursAgo(2),
      verified_by: ctx.adminId,
    });
    const response = await post(`${BASE}/${id}/reset/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verification_status: 'pending',
      rejection_reason: null,
      verified_at: null,
      verified_by: null,
    });
    const state = await stateOf(id);
    expect(state.verification_status).toBe('pending');
    expect(state.rejection_reason).toBeNull();
  });

  it('refuses every transition from the wrong state with a French 409', async () => {
    const pending = await insertClientVerification(ctx.db);
    const verified = await insertClientVerification(ctx.db, { verification_status: 'verified' });
    const rejected = await insertClientVerification(ctx.db, {
      verification_status: 'rejected',
      rejection_reason: 'x',
    });
    const refusals: [string, object | undefined, string][] = [
      [`${BASE}/${pending}/reset/`, undefined, 'Seule une vérification rejetée peut être réinitialisée.'],
      [`${BASE}/${verified}/reset/`, undefined, 'Seule une vérification rejetée peut être réinitialisée.'],
      [`${BASE}/${verified}/approve/`, {}, 'Seule une vérification en attente peut être approuvée.'],
      [`${BASE}/${rejected}/approve/`, {}, 'Seule une vérification en attente peut être approuvée.'],
      [
        `${BASE}/${verified}/reject/`,
        { rejection_reason: 'r' },
        'Seule une vérification en attente peut être rejetée.',
      ],
      [
        `${BASE}/${rejected}/reject/`,
        { rejection_reason: 'r' },
        'Seule une vérification en attente peut être rejetée.',
      ],
    ];
    for (const [url, payload, detail] of refusals) {
      const response = await post(url, payload);
      expect(response.statusCode, url).toBe(409);
      expect(response.json().detail).toBe(detail);
    }
    expect((await stateOf(pending)).verification_status).toBe('pending');
    expect((await stateOf(verified)).verification_status).toBe('verified');
    expect((await stateOf(rejected)).verification_status).toBe('rejected');
    expect((await post(`${BASE}/424242/reset/`)).statusCode).toBe(404);
    // Out of the database's id range or holding a NUL character: a French 400, not a 500.
    expect((await post(`${BASE}/3000000000/reset/`)).statusCode).toBe(400);
    expect((await get(`${BASE}/?search=a%00b`)).statusCode).toBe(400);
    const nul = await post(`${BASE}/${pending}/reject/`, { rejection_reason: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect((await stateOf(pending)).verification_status).toBe('pending');
  });

  describe('list and stats', () => {
    let context: TestContext;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      context = await createTestContext();
      const amelia = await insertUser(context.db, {
        username: 'amelia',
        first_name: 'Amélia',
        last_name: 'Santos',
      });
      ids.amelia = await insertClientVerification(context.db, {
        user_id: amelia,
        submitted_at: hoursAgo(80),
      });
      ids.passport = await insertClientVerification(context.db, {
        document_type: 'passport',
        verification_status: 'verified',
        submitted_at: hoursAgo(5),
      });
      ids.rejected = await insertClientVerification(context.db, {
        verification_status: 'rejected',
        submitted_at: hoursAgo(3),
      });
      ids.fresh = await insertClientVerification(context.db, { submitted_at: hoursAgo(1) });
      const gone = await insertUser(context.db, { deleted_at: new Date().toISOString() });
      await insertClientVerification(context.db, { user_id: gone });
    });
    afterAll(() => context.close());
    const list = async (query: string) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `${BASE}/?${query}`,
        headers: context.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { results: { id: number }[] }).results.map((row) => row.id);
    };

    it('filters by status, document type and search', async () => {
      expect(await list('')).toEqual([ids.fresh, ids.rejected, ids.passport, ids.amelia]);
      expect(await list('verification_status=pending')).toEqual([ids.fresh, ids.amelia]);
      expect(await list('verification_status=not_started')).toEqual([]);
      expect(await list('document_type=passport')).toEqual([ids.passport]);
      expect(await list('search=amelia')).toEqual([ids.amelia]);
    });

    it('returns the fields of the spec', async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: `${BASE}/${ids.amelia}/`,
        headers: context.auth,
      });
      expect(response.json()).toMatchObject({
        client_name: 'Amélia Santos',
        full_name: 'Amélia Santos',
        user_info: { username: 'amelia' },
        document_type: 'id_card',
        is_urgent: true,
      });
    });

    it('counts total, pending, verified, rejected and urgent (pending > 72 h)', async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: `${BASE}/stats/`,
        headers: context.auth,
      });
      expect(response.json()).toEqual({
        total: 4,
        pending: 2,
        verified: 1,
        rejected: 1,
        urgent: 1,
        urgent_after_hours: 72,
      });
    });
  });

  it('detail of an unknown id is 404', async () => {
    expect((await get(`${BASE}/31337/`)).statusCode).toBe(404);
  });
});
