import { AUDIT_ACTIONS, type AuditEntry } from '@kwanza/contract';
import Fastify, { type FastifyContextConfig } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInTransaction } from '../../db/transaction.js';
import { runAsAudited } from '../../lib/audit-context.js';
import { purgeExpiredAuditEntries } from '../../lib/audit-retention.js';
import { recordAudit } from '../../lib/audit-trail.js';
import { AuditDeclarationError, registerAuditTrail } from '../../plugins/audit-trail.js';
import { insertUser } from '../../test/factories.js';
import { createTestContext, TEST_ADMIN, type TestContext } from '../../test/test-context.js';
import { insertConversation, insertMessage } from '../conversations/conversations.factories.js';
import { insertDispute, insertEvidence } from '../disputes/disputes.factories.js';
import { insertProvider } from '../providers/providers.factories.js';
import { toggleUserVerification } from '../users/users.repository.js';
import {
  insertClientVerification,
  insertProviderVerification,
} from '../verifications/verifications.factories.js';
import { auditEntriesAfter, insertAuditEntry, lastAuditId } from './audit.test-support.js';

/*
 * The journal's guarantees: declared by every write route, written in the change's transaction,
 * logins and looks at private data recorded, secrets never, and no way to change or remove an entry.
 */

describe('the audit trail', () => {
  let ctx: TestContext;
  let mark: number;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    mark = await lastAuditId(ctx.db);
  });

  const written = () => auditEntriesAfter(ctx.db, mark);
  const only = async (): Promise<AuditEntry> => {
    const entries = await written();
    expect(entries).toHaveLength(1);
    return entries[0] as AuditEntry;
  };

  describe('route table', () => {
    it('every write route of the API declares its audit action, a known code', () => {
      const writes = ctx.app.registeredRoutes.filter(
        (route) => route.url.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(route.method),
      );
      expect(writes.length).toBeGreaterThanOrEqual(30);
      for (const route of writes) {
        expect(route.audit, `${route.method} ${route.url}`).toBeDefined();
      }
      const declared = ctx.app.registeredRoutes.flatMap((route) =>
        route.audit && 'action' in route.audit ? [route.audit.action] : [],
      );
      for (const action of declared) expect(AUDIT_ACTIONS).toContain(action);
      // Every code but the platform's own (ADMIN_PASSWORD at start-up) and the failed login (written by
      // the login route) belongs to a route.
      const unused = AUDIT_ACTIONS.filter(
        (action) =>
          !declared.includes(action) && !['auth.password_reset', 'auth.login_failed'].includes(action),
      );
      expect(unused).toEqual([]);
    });

    it('documents the action of each audited route in the API description', async () => {
      const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, Record<string, { description?: string }>>;
      }>();
      expect(document.paths['/api/users/{id}/']?.delete?.description).toContain(
        'Journal d’audit : `user.delete`.',
      );
      expect(document.paths['/api/admin/conversations/{id}/messages/']?.get?.description).toContain(
        'Journal d’audit : `conversation.read_messages`.',
      );
    });

    it('refuses to start with a write route that declares nothing, or an exemption without a reason', async () => {
      const configs: FastifyContextConfig[] = [{}, { audit: { exempt: ' ' } }];
      for (const config of configs) {
        const app = Fastify();
        registerAuditTrail(app, { strict: true });
        expect(() => app.post('/api/undeclared/', { config }, async () => ({}))).toThrow(
          AuditDeclarationError,
        );
        await app.close();
      }
      const exempt = Fastify();
      registerAuditTrail(exempt, { strict: true });
      exempt.post(
        '/api/ping/',
        { config: { audit: { exempt: 'Ne modifie aucun objet' } } },
        async () => ({}),
      );
      exempt.get('/api/read/', async () => ({}));
      await exempt.ready();
      expect((await exempt.inject({ method: 'POST', url: '/api/ping/' })).statusCode).toBe(200);
      await exempt.close();
    });

    it('answers 500 in strict mode when a declared write succeeds without going through the journal', async () => {
      const app = Fastify({ logger: false });
      registerAuditTrail(app, { strict: true });
      app.post(
        '/api/forgot/',
        { config: { audit: { action: 'user.update', object: 'user' } } },
        async () => ({
          ok: true,
        }),
      );
      const response = await app.inject({ method: 'POST', url: '/api/forgot/' });
      expect(response.statusCode).toBe(500);
      await app.close();
    });
  });

  describe('transactions', () => {
    it('an entry vanishes with a rolled-back transaction, and a retried one keeps only its last run', async () => {
      const object = { type: 'user' as const, id: ctx.adminId, label: 'Administrateur' };
      await expect(
        runInTransaction(ctx.db, async (trx) => {
          await recordAudit(trx, { action: 'user.update', object });
          throw new Error('échec après l’entrée');
        }),
      ).rejects.toThrow('échec après l’entrée');
      expect(await written()).toEqual([]);

      let attempts = 0;
      await runInTransaction(ctx.db, async (trx) => {
        attempts += 1;
        await recordAudit(trx, { action: 'user.update', object, details: { attempt: attempts } });
        if (attempts === 1) throw Object.assign(new Error('serialization failure'), { code: '40001' });
      });
      expect(attempts).toBe(2);
      expect((await written()).map((entry) => entry.details)).toEqual([{ attempt: 2 }]);
    });
  });

  it('records a repository called outside a request only under an action it is given', async () => {
    const user = await insertUser(ctx.db, { role: 'client' });
    await expect(toggleUserVerification(ctx.db, user)).rejects.toThrow(/runAsAudited/);
    expect(await written()).toEqual([]);
    await runAsAudited('user.toggle_verification', () => toggleUserVerification(ctx.db, user));
    expect(await only()).toMatchObject({
      action: 'user.toggle_verification',
      admin: null,
      request_id: null,
      object: { type: 'user', id: user },
      changes: [{ field: 'is_verified', before: false, after: true }],
    });
  });

  describe('logins and passwords', () => {
    const login = (email: string, password: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/admin-login/',
        payload: { email, password },
        remoteAddress,
      });

    it('records a login with the client address', async () => {
      const response = await login(TEST_ADMIN.email, TEST_ADMIN.password, '10.1.2.3');
      expect(response.statusCode).toBe(200);
      expect(await only()).toMatchObject({
        action: 'auth.login',
        admin: { id: ctx.adminId, label: TEST_ADMIN.email },
        object: { type: 'user', id: ctx.adminId, label: `Administrateur Kwanza (${TEST_ADMIN.email})` },
        ip_address: '10.1.2.3',
        request_id: response.headers['x-request-id'],
        changes: [],
      });
    });

    it('records every failed login with its reason, never what was typed as a password', async () => {
      const client = await insertUser(ctx.db, { role: 'client', password: 'Client-Passw0rd!' });
      const clientRow = await ctx.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', client)
        .executeTakeFirstOrThrow();
      expect((await login(TEST_ADMIN.email, 'mauvais-mot-de-passe', '10.0.0.1')).statusCode).toBe(401);
      expect((await login('inconnu@kwanza.test', 'peu-importe', '10.0.0.2')).statusCode).toBe(401);
      expect((await login('Hunter2-Secret!', 'x', '10.0.0.3')).statusCode).toBe(401);
      expect((await login(clientRow.email, 'Client-Passw0rd!', '10.0.0.4')).statusCode).toBe(403);
      const entries = await written();
      expect(
        entries.map((entry) => [
          entry.action,
          entry.admin,
          entry.object?.id ?? null,
          entry.ip_address,
          entry.details,
        ]),
      ).toEqual([
        [
          'auth.login_failed',
          null,
          ctx.adminId,
          '10.0.0.1',
          { email: TEST_ADMIN.email, reason: 'invalid_credentials' },
        ],
        [
          'auth.login_failed',
          null,
          null,
          '10.0.0.2',
          { email: 'inconnu@kwanza.test', reason: 'invalid_credentials' },
        ],
        [
          'auth.login_failed',
          null,
          null,
          '10.0.0.3',
          { email: '(adresse non valide)', reason: 'invalid_credentials' },
        ],
        ['auth.login_failed', null, client, '10.0.0.4', { email: clientRow.email, reason: 'not_admin' }],
      ]);
      const raw = JSON.stringify(await ctx.db.selectFrom('audit_entries').selectAll().execute());
      for (const secret of ['mauvais-mot-de-passe', 'Hunter2-Secret', 'Client-Passw0rd!', 'peu-importe']) {
        expect(raw).not.toContain(secret);
      }
    });

    it('records a throttled login', async () => {
      const throttled = await createTestContext({ LOGIN_MAX_FAILURES: '1', LOGIN_BASE_DELAY_SECONDS: '600' });
      try {
        const attempt = () =>
          throttled.app.inject({
            method: 'POST',
            url: '/api/auth/admin-login/',
            payload: { email: TEST_ADMIN.email, password: 'faux' },
            remoteAddress: '10.9.9.9',
          });
        expect((await attempt()).statusCode).toBe(401);
        expect((await attempt()).statusCode).toBe(429);
        const entries = await auditEntriesAfter(throttled.db, 0);
        expect(entries.map((entry) => entry.details?.reason)).toEqual(['invalid_credentials', 'throttled']);
      } finally {
        await throttled.close();
      }
    });

    it('records a logout and a password change, without the password', async () => {
      const adminId = await insertUser(ctx.db, { role: 'admin', password: 'Ancien-Passw0rd!' });
      const token = await ctx.app.tokens.sign(adminId);
      const change = await ctx.request(
        'POST',
        '/api/auth/me/password/',
        {
          current_password: 'Ancien-Passw0rd!',
          new_password: 'Nouveau-Passw0rd-2026',
          confirm_password: 'Nouveau-Passw0rd-2026',
        },
        { token },
      );
      expect(change.statusCode, change.body).toBe(200);
      const entry = await only();
      expect(entry).toMatchObject({
        action: 'auth.password_change',
        admin: { id: adminId },
        object: { type: 'user', id: adminId },
        changes: [],
      });
      const raw = JSON.stringify(await ctx.db.selectFrom('audit_entries').selectAll().execute());
      expect(raw).not.toContain('Passw0rd');
      expect(raw).not.toContain('argon2');

      mark = await lastAuditId(ctx.db);
      expect((await ctx.request('POST', '/api/auth/logout/', undefined, { token })).statusCode).toBe(204);
      expect(await only()).toMatchObject({
        action: 'auth.logout',
        admin: { id: adminId },
        object: { id: adminId },
      });
    });
  });

  describe('looks at private data', () => {
    it('records the document links of a verification detail; lists issue none and record nothing', async () => {
      const providerId = (await insertProvider(ctx.db, { first_name: 'Élodie', last_name: 'Mbala' })).userId;
      const id = await insertProviderVerification(ctx.db, {
        user_id: providerId,
        id_card_front: 'verifications/front.png',
        selfie_image: 'verifications/selfie.png',
      });
      const list = await ctx.request('GET', '/api/admin/provider-verification/?status=pending&page_size=100');
      const listed = list.json<{ results: { id: number; id_card_front: string | null }[] }>().results;
      expect(listed.find((row) => row.id === id)?.id_card_front).toBeNull();
      expect(await written()).toEqual([]);

      const detail = await ctx.request('GET', `/api/admin/provider-verification/${id}/`);
      expect(detail.json().id_card_front).toMatch(/^\/api\/documents\/verifications\/front\.png\?/);
      expect(await only()).toMatchObject({
        action: 'provider_verification.view_documents',
        admin: { id: ctx.adminId },
        object: { type: 'provider_verification', id, label: expect.stringMatching(/^Élodie Mbala \(/) },
        details: { documents: ['id_card_front', 'selfie_image'] },
      });

      mark = await lastAuditId(ctx.db);
      const client = await insertClientVerification(ctx.db, { passport_image: 'verifications/passport.png' });
      expect((await ctx.request('GET', `/api/admin/client-verification/${client}/`)).statusCode).toBe(200);
      expect(await only()).toMatchObject({
        action: 'client_verification.view_documents',
        object: { type: 'client_verification', id: client },
        details: { documents: ['passport_image'] },
      });
    });

    it('records the evidence links of a dispute detail; the list describes evidence without links', async () => {
      const client = await insertUser(ctx.db, { role: 'client' });
      const provider = (await insertProvider(ctx.db)).userId;
      const withEvidence = await insertDispute(ctx.db, {
        client_id: client,
        provider_id: provider,
        title: 'Fuite',
      });
      const evidence = await insertEvidence(ctx.db, {
        dispute_id: withEvidence,
        user_id: client,
        file: 'disputes/photo.png',
      });
      const without = await insertDispute(ctx.db, { client_id: client, provider_id: provider });

      const list = await ctx.request('GET', '/api/disputes/?page_size=100');
      const row = list
        .json<{ results: { id: number; evidence: object[] }[] }>()
        .results.find((item) => item.id === withEvidence);
      expect(row?.evidence).toHaveLength(1);
      expect(row?.evidence[0]).not.toHaveProperty('file');
      expect((await ctx.request('GET', `/api/disputes/${without}/`)).statusCode).toBe(200);
      expect(await written()).toEqual([]);

      expect((await ctx.request('GET', `/api/disputes/${withEvidence}/`)).statusCode).toBe(200);
      expect(await only()).toMatchObject({
        action: 'dispute.view_evidence',
        object: { type: 'dispute', id: withEvidence, label: 'Fuite' },
        details: { evidence: [evidence] },
      });
    });

    it("records each reading of a conversation's messages, and an export of verifications", async () => {
      const client = await insertUser(ctx.db, { role: 'client' });
      const provider = (await insertProvider(ctx.db)).userId;
      const conversation = await insertConversation(ctx.db, { client_id: client, provider_id: provider });
      await insertMessage(ctx.db, { conversation_id: conversation });
      expect((await ctx.request('GET', `/api/admin/conversations/${conversation}/`)).statusCode).toBe(200);
      expect(await written()).toEqual([]);
      const response = await ctx.request('GET', `/api/admin/conversations/${conversation}/messages/`);
      expect(response.statusCode).toBe(200);
      expect(await only()).toMatchObject({
        action: 'conversation.read_messages',
        object: { type: 'conversation', id: conversation, label: 'Test Utilisateur ↔ Test Utilisateur' },
        details: { messages: 1 },
      });

      mark = await lastAuditId(ctx.db);
      const csv = await ctx.request('GET', '/api/admin/provider-verification/export/?status=pending');
      expect(csv.statusCode).toBe(200);
      expect(await only()).toMatchObject({
        action: 'provider_verification.export',
        object: null,
        details: { filters: { status: 'pending' } },
      });
    });
  });

  describe('append-only', () => {
    it('refuses to change or remove an entry, through SQL as through the API', async () => {
      const id = await insertAuditEntry(ctx.db, { action: 'user.update', admin: { id: 1, label: 'a@b.c' } });
      await expect(
        ctx.db.updateTable('audit_entries').set({ action: 'auth.login' }).where('id', '=', id).execute(),
      ).rejects.toThrow(/journal d'audit/);
      await expect(ctx.db.deleteFrom('audit_entries').where('id', '=', id).execute()).rejects.toThrow(
        /journal d'audit/,
      );
      await expect(ctx.db.deleteFrom('audit_entries').execute()).rejects.toThrow(/journal d'audit/);
      if (ctx.dialect === 'postgres') {
        await expect(sql`truncate audit_entries`.execute(ctx.db)).rejects.toThrow(/journal d'audit/);
      }
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const response = await ctx.request(method, `/api/admin/audit/${id}/`, { action: 'x' });
        expect(response.statusCode, method).toBe(404);
      }
      const row = await ctx.db
        .selectFrom('audit_entries')
        .select('action')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row?.action).toBe('user.update');
    });

    it('lets only the retention purge remove entries older than its cutoff, itself a day old at least', async () => {
      const old = await insertAuditEntry(ctx.db, {
        action: 'auth.login',
        created_at: new Date(Date.now() - 400 * 24 * 3600 * 1000).toISOString(),
      });
      const recent = await insertAuditEntry(ctx.db, {
        action: 'auth.login',
        created_at: new Date(Date.now() - 3600 * 1000).toISOString(),
      });
      expect(await purgeExpiredAuditEntries(ctx.db, 0)).toBe(0);
      expect(await purgeExpiredAuditEntries(ctx.db, 365)).toBe(1);
      const left = await ctx.db
        .selectFrom('audit_entries')
        .select('id')
        .where('id', 'in', [old, recent])
        .execute();
      expect(left.map((row) => Number(row.id))).toEqual([recent]);

      // A purge naming a cutoff of now may not remove the last day's entries.
      const now = new Date().toISOString();
      await expect(
        runInTransaction(ctx.db, async (trx) => {
          if (ctx.dialect === 'postgres') {
            await sql`select set_config('kwanza.audit_purge_before', ${now}, true)`.execute(trx);
          } else {
            await trx.insertInto('audit_purges').values({ cutoff: now }).execute();
          }
          await trx.deleteFrom('audit_entries').where('id', '=', recent).execute();
        }),
      ).rejects.toThrow(/journal d'audit/);
      if (ctx.dialect === 'sqlite')
        expect(await ctx.db.selectFrom('audit_purges').selectAll().execute()).toEqual([]);
    });
  });
});
