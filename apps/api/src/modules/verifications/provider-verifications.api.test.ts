import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertProvider } from '../providers/providers.factories.js';
import { hoursAgo, insertProviderVerification } from './verifications.factories.js';

const BASE = '/api/admin/provider-verification';

describe('provider verifications API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
  const post = (url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: ctx.auth, ...(payload ? { payload } : {}) });

  const stateOf = async (id: number) => {
    const row = await ctx.db
      .selectFrom('provider_verifications')
      .innerJoin('users', 'users.id', 'provider_verifications.user_id')
      .innerJoin('provider_profiles', 'provider_profiles.user_id', 'users.id')
      .select([
        'provider_verifications.verification_status',
        'provider_verifications.verified_by',
        'provider_verifications.verified_at',
        'provider_verifications.rejection_reason',
        'provider_verifications.admin_notes',
        'users.id as user_id',
        'users.is_verified as is_user_verified',
        'provider_profiles.is_verified as is_profile_verified',
      ])
      .where('provider_verifications.id', '=', id)
      .executeTakeFirstOrThrow();
    return row;
  };
  const notificationsOf = (userId: number) =>
    ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  it('approves a pending verification: verifier, date, provider verified, notification', async () => {
    const id = await insertProviderVerification(ctx.db);
    const response = await post(`${BASE}/${id}/approve/`, { admin_notes: '  Documents conformes  ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.verification_status).toBe('verified');
    expect(body.verified_by).toEqual({ id: ctx.adminId, username: 'admin' });
    expect(body.admin_notes).toBe('Documents conformes');
    expect(Date.parse(body.verified_at)).toBeGreaterThan(Date.now() - 60_000);

    const state = await stateOf(id);
    expect(state.verification_status).toBe('verified');
    expect(state.verified_by).toBe(ctx.adminId);
    expect(state.is_user_verified).toBe(true);
    expect(state.is_profile_verified).toBe(true);
    const notifications = await notificationsOf(state.user_id);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      notification_type: 'verification_approved',
      related_object_type: 'provider_verification',
      related_object_id: id,
      created_by: ctx.adminId,
      priority: 'normal',
      is_read: false,
    });
  });

  it('refuses to approve or reject a verification that is not pending (409, French detail)', async () => {
    for (const status of ['verified', 'rejected'] as const) {
      const id = await insertProviderVerification(ctx.db, { verification_status: status });
      const approve = await post(`${BASE}/${id}/approve/`, {});
      expect(approve.statusCode).toBe(409);
      expect(approve.json().detail).toBe('Seule une vérification en attente peut être approuvée.');
      const reject = await post(`${BASE}/${id}/reject/`, { rejection_reason: 'Flou' });
      expect(reject.statusCode).toBe(409);
      expect(reject.json().detail).toBe('Seule une vérification en attente peut être rejetée.');
      expect((await stateOf(id)).verification_status).toBe(status);
      expect(await notificationsOf((await stateOf(id)).user_id)).toHaveLength(0);
    }
  });

  it('rejects with a reason: status, reason, verifier, provider unverified, notification with the reason', async () => {
    const userId = (await insertProvider(ctx.db, { is_verified: true })).userId;
    const id = await insertProviderVerification(ctx.db, { user_id: userId });
    const response = await post(`${BASE}/${id}/reject/`, {
      rejection_reason: '  Photo illisible  ',
      admin_notes: 'Demander un nouveau scan',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verification_status: 'rejected',
      rejection_reason: 'Photo illisible',
      admin_notes: 'Demander un nouveau scan',
      verified_by: { id: ctx.adminId, username: 'admin' },
    });
    const state = await stateOf(id);
    expect(state.is_user_verified).toBe(false);
    expect(state.is_profile_verified).toBe(false);
    const [notification] = await notificationsOf(userId);
    expect(notification?.notification_type).toBe('verification_rejected');
    expect(notification?.message).toContain('Photo illisible');
    expect(notification?.priority).toBe('high');
  });

  it('refuses a rejection without a reason (missing or blank): 400 and nothing changes', async () => {
    const id = await insertProviderVerification(ctx.db);
    for (const payload of [{}, { rejection_reason: '   ' }, { rejection_reason: null }]) {
      const response = await post(`${BASE}/${id}/reject/`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('La raison du rejet est obligatoire');
    }
    expect((await stateOf(id)).verification_status).toBe('pending');
  });

  it('answers 404 for an unknown verification and for one of a deleted user, 400 for a bad id', async () => {
    expect((await get(`${BASE}/999999/`)).statusCode).toBe(404);
    expect((await post(`${BASE}/999999/approve/`, {})).json().detail).toBe('Vérification introuvable.');
    const deletedUser = (await insertProvider(ctx.db, { deleted_at: new Date().toISOString() })).userId;
    const id = await insertProviderVerification(ctx.db, { user_id: deletedUser });
    expect((await get(`${BASE}/${id}/`)).statusCode).toBe(404);
    expect((await post(`${BASE}/${id}/approve/`, {})).statusCode).toBe(404);
    expect((await get(`${BASE}/abc/`)).statusCode).toBe(400);
  });

  it('answers a French 400, never a database error, to input PostgreSQL cannot store or compare', async () => {
    const id = await insertProviderVerification(ctx.db);
    const refusals: [string, string, object?][] = [
      // Beyond the 32-bit ids of the database.
      ['GET', `${BASE}/3000000000/`],
      ['POST', `${BASE}/3000000000/approve/`, {}],
      // A NUL character in a text (PostgreSQL refuses it).
      ['POST', `${BASE}/${id}/approve/`, { admin_notes: 'a\u0000b' }],
      ['POST', `${BASE}/${id}/reject/`, { rejection_reason: 'a\u0000b' }],
      ['GET', `${BASE}/?search=a%00b`],
      ['GET', `${BASE}/export/?search=a%00b`],
    ];
    for (const [method, url, payload] of refusals) {
      const response = await ctx.app.inject({
        method: method === 'GET' ? 'GET' : 'POST',
        url,
        headers: ctx.auth,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().detail).toMatch(/^Requête invalide/);
    }
    expect((await stateOf(id)).verification_status).toBe('pending');
  });

  it('bulk approves every pending id and reports the others, in one go', async () => {
    const pendingA = await insertProviderVerification(ctx.db);
    const pendingB = await insertProviderVerification(ctx.db);
    const verified = await insertProviderVerification(ctx.db, { verification_status: 'verified' });
    const response = await post(`${BASE}/bulk-approve/`, {
      verification_ids: [pendingA, verified, 987654, pendingB, pendingA],
      admin_notes: 'Lot du jour',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      updated: [pendingA, pendingB],
      skipped: [
        { id: verified, reason: "La vérification n'est pas en attente" },
        { id: 987654, reason: 'Vérification introuvable' },
      ],
    });
    for (const id of [pendingA, pendingB]) {
      const state = await stateOf(id);
      expect(state).toMatchObject({
        verification_status: 'verified',
        admin_notes: 'Lot du jour',
        is_user_verified: true,
      });
      expect(await notificationsOf(state.user_id)).toHaveLength(1);
    }
    const untouched = await stateOf(verified);
    expect(untouched.verified_by).toBeNull();
    expect(untouched.admin_notes).toBeNull();
    expect(await notificationsOf(untouched.user_id)).toHaveLength(0);
  });

  it('bulk rejects with a reason and requires the reason and at least one id', async () => {
    const pendingA = await insertProviderVerification(ctx.db);
    const rejected = await insertProviderVerification(ctx.db, {
      verification_status: 'rejected',
      rejection_reason: 'Ancien',
    });

    const noIds = await post(`${BASE}/bulk-reject/`, { verification_ids: [], rejection_reason: 'Flou' });
    expect(noIds.statusCode).toBe(400);
    expect(noIds.json().detail).toBe('Au moins une vérification doit être sélectionnée');
    const missingIds = await post(`${BASE}/bulk-approve/`, {});
    expect(missingIds.json().detail).toBe('Au moins une vérification doit être sélectionnée');
    // Beyond the 32-bit ids of the database: a French 400, not a PostgreSQL error (500).
    const outOfRange = await post(`${BASE}/bulk-approve/`, { verification_ids: [pendingA, 3_000_000_000] });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().detail).toContain("L'identifiant est trop grand");
    expect((await stateOf(pendingA)).verification_status).toBe('pending');
    const noReason = await post(`${BASE}/bulk-reject/`, { verification_ids: [pendingA] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toBe('La raison du rejet est obligatoire');
    expect((await stateOf(pendingA)).verification_status).toBe('pending');

    const response = await post(`${BASE}/bulk-reject/`, {
      verification_ids: [pendingA, rejected],
      rejection_reason: 'Documents expirés',
    });
    expect(response.json()).toEqual({
      updated: [pendingA],
      skipped: [{ id: rejected, reason: "La vérification n'est pas en attente" }],
    });
    expect((await stateOf(pendingA)).rejection_reason).toBe('Documents expirés');
    expect((await stateOf(rejected)).rejection_reason).toBe('Ancien');
    const [notification] = await notificationsOf((await stateOf(pendingA)).user_id);
    expect(notification?.message).toContain('Documents expirés');
  });

  describe('lists, statistics, reports and dashboard', () => {
    let context: TestContext;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      context = await createTestContext({ VERIFICATION_URGENT_HOURS: '48' });
      const elodie = (
        await insertProvider(context.db, {
          username: 'elodie',
          first_name: 'Élodie',
          last_name: 'Mbala',
          phone_number: '+244 923 000 111',
        })
      ).userId;
      ids.elodie = await insertProviderVerification(context.db, {
        user_id: elodie,
        submitted_at: hoursAgo(100),
      });
      ids.business = await insertProviderVerification(context.db, {
        is_business: true,
        business_name: 'Soluções Kwanza Lda',
        document_type: 'passport',
        submitted_at: hoursAgo(10),
      });
      ids.verified = await insertProviderVerification(context.db, {
        verification_status: 'verified',
        submitted_at: hoursAgo(24 * 20),
        verified_at: hoursAgo(24 * 19),
        verified_by: context.adminId,
      });
      ids.rejected = await insertProviderVerification(context.db, {
        verification_status: 'rejected',
        submitted_at: hoursAgo(24 * 5),
        verified_at: hoursAgo(24 * 5 - 12),
        rejection_reason: 'Flou',
      });
      const gone = (await insertProvider(context.db, { deleted_at: new Date().toISOString() })).userId;
      await insertProviderVerification(context.db, { user_id: gone });
      // Deleted users' verifications count nowhere: neither urgent nor processed today.
      const goneUrgent = (await insertProvider(context.db, { deleted_at: new Date().toISOString() })).userId;
      await insertProviderVerification(context.db, { user_id: goneUrgent, submitted_at: hoursAgo(24 * 3) });
      const goneProcessed = (await insertProvider(context.db, { deleted_at: new Date().toISOString() }))
        .userId;
      await insertProviderVerification(context.db, {
        user_id: goneProcessed,
        verification_status: 'verified',
        submitted_at: hoursAgo(2),
        verified_at: new Date().toISOString(),
        verified_by: context.adminId,
      });
    });
    afterAll(() => context.close());
    const list = async (query: string) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `${BASE}/?${query}`,
        headers: context.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { count: number; results: { id: number }[] };
    };

    it('filters by status, account type, days and accent-insensitive search, newest first', async () => {
      const all = await list('');
      expect(all.results.map((row) => row.id)).toEqual([
        ids.business,
        ids.elodie,
        ids.rejected,
        ids.verified,
      ]);
      expect(all.count).toBe(4);
      expect((await list('status=pending')).results.map((row) => row.id)).toEqual([ids.business, ids.elodie]);
      expect((await list('status=not_started')).count).toBe(0);
      expect((await list('is_business=true')).results.map((row) => row.id)).toEqual([ids.business]);
      expect((await list('is_business=false')).count).toBe(3);
      expect((await list('days=7')).count).toBe(3);
      expect((await list('search=ELODIE')).results.map((row) => row.id)).toEqual([ids.elodie]);
      expect((await list('search=kwanza%20lda')).results.map((row) => row.id)).toEqual([ids.business]);
      const paged = await list('page=2&page_size=3');
      expect(paged.count).toBe(4);
      expect(paged.results).toHaveLength(1);
      const bad = await context.app.inject({
        method: 'GET',
        url: `${BASE}/?status=done`,
        headers: context.auth,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('returns the detail fields of the spec, urgent flag and pending queue oldest first', async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: `${BASE}/${ids.elodie}/`,
        headers: context.auth,
      });
      expect(response.json()).toMatchObject({
        id: ids.elodie,
        provider_name: 'Élodie Mbala',
        provider_info: { username: 'elodie', phone_number: '+244 923 000 111' },
        is_business: false,
        verification_status: 'pending',
        verified_by: null,
        id_card_front: null,
        is_urgent: true,
      });
      const pending = await context.app.inject({
        method: 'GET',
        url: `${BASE}/pending/`,
        headers: context.auth,
      });
      expect(pending.json().results.map((row: { id: number }) => row.id)).toEqual([ids.elodie, ids.business]);
    });

    it('computes statistics with the configured urgent delay', async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: `${BASE}/statistics/`,
        headers: context.auth,
      });
      expect(response.json()).toEqual({
        status_distribution: { total: 4, pending: 2, verified: 1, rejected: 1 },
        urgent_verifications: 1,
        urgent_after_hours: 48,
      });
    });

    it('builds the aggregated report with the filters', async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: `${BASE}/reports/`,
        headers: context.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json();
      expect(report.status_distribution).toEqual({ total: 4, pending: 2, verified: 1, rejected: 1 });
      expect(report.by_account_type).toEqual({ business: 1, individual: 3 });
      expect(report.by_document_type).toEqual({ id_card: 3, passport: 1 });
      expect(report.by_month.reduce((sum: number, month: { total: number }) => sum + month.total, 0)).toBe(4);
      expect(report.by_month[0].month).toMatch(/^\d{4}-\d{2}$/);
      // (24 h + 12 h) / 2
      expect(report.average_processing_hours).toBeCloseTo(18, 0);
      const filtered = await context.app.inject({
        method: 'GET',
        url: `${BASE}/reports/?is_business=true`,
        headers: context.auth,
      });
      expect(filtered.json().status_distribution.total).toBe(1);
      expect(filtered.json().filters).toEqual({ is_business: true });
      const searched = await context.app.inject({
        method: 'GET',
        url: `${BASE}/reports/?search=%20Elodie%20&status=pending&days=30`,
        headers: context.auth,
      });
      expect(searched.statusCode, searched.body).toBe(200);
      expect(searched.json().filters).toEqual({ search: 'Elodie', status: 'pending', days: 30 });
      expect(searched.json().status_distribution).toEqual({ total: 1, pending: 1, verified: 0, rejected: 0 });
    });

    it('summarises verifications for the dashboard', async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/dashboard/',
        headers: context.auth,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.providers).toEqual({
        pending: 2,
        urgent: 1,
        processed_today: 0,
        processed_this_week: expect.any(Number),
      });
      expect(body.providers.processed_this_week).toBeLessThanOrEqual(1);
      expect(body.latest_pending.map((row: { id: number }) => row.id)).toEqual([ids.business, ids.elodie]);
      expect(body.clients).toEqual({ pending: 0, urgent: 0 });
      expect(body.urgent_after_hours).toBe(48);
    });
  });

  it('requires an admin token', async () => {
    const clientId = await insertUser(ctx.db, { role: 'client' });
    const token = await ctx.app.tokens.sign(clientId, 'client');
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/bulk-approve/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { verification_ids: [1] },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('bulk actions are all or nothing', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('rolls back every change when one write of the batch fails', async () => {
    const first = await insertProviderVerification(ctx.db);
    const second = await insertProviderVerification(ctx.db);
    // Make the notification of the batch fail after the first verification was updated.
    await ctx.db.schema.dropTable('notifications').execute();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/bulk-approve/`,
      headers: ctx.auth,
      payload: { verification_ids: [first, second] },
    });
    expect(response.statusCode).toBe(500);
    const rows = await ctx.db
      .selectFrom('provider_verifications')
      .innerJoin('users', 'users.id', 'provider_verifications.user_id')
      .select(['provider_verifications.verification_status', 'users.is_verified as is_user_verified'])
      .where('provider_verifications.id', 'in', [first, second])
      .execute();
    expect(rows).toEqual([
      { verification_status: 'pending', is_user_verified: false },
      { verification_status: 'pending', is_user_verified: false },
    ]);
  });
});
