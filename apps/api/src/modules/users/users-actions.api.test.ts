import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, TEST_ADMIN, type TestContext } from '../../test/test-context.js';
import { insertProvider } from '../providers/providers.factories.js';
import { insertActivity } from './users.factories.js';
import { deleteUser, toggleUserStatus } from './users.repository.js';

describe('user actions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const call = (method: 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: ctx.auth, ...(payload ? { payload } : {}) });
  const userRow = (id: number) =>
    ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('PATCH /api/users/{id}/toggle_status/', () => {
    it('flips is_active both ways and returns the updated user', async () => {
      const id = await insertUser(ctx.db, { username: 'status.user' });
      const off = await call('PATCH', `/api/users/${id}/toggle_status/`);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id, username: 'status.user', is_active: false });
      expect((await userRow(id)).is_active).toBe(false);
      const on = await call('PATCH', `/api/users/${id}/toggle_status/`);
      expect(on.json().is_active).toBe(true);
    });

    it('refuses to deactivate the own account with a French 409', async () => {
      const response = await call('PATCH', `/api/users/${ctx.adminId}/toggle_status/`);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe('Vous ne pouvez pas désactiver votre propre compte.');
      expect((await userRow(ctx.adminId)).is_active).toBe(true);
    });

    it('lets an admin deactivate another admin while one stays active', async () => {
      const other = await insertUser(ctx.db, { username: 'other.admin', role: 'admin' });
      const response = await call('PATCH', `/api/users/${other}/toggle_status/`);
      expect(response.statusCode).toBe(200);
      expect(response.json().is_active).toBe(false);
    });
  });

  describe('PATCH /api/users/{id}/toggle_verification/', () => {
    it('flips is_verified and keeps the provider profile in step', async () => {
      const { userId, profileId } = await insertProvider(ctx.db, { username: 'verif.provider' });
      const on = await call('PATCH', `/api/users/${userId}/toggle_verification/`);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ id: userId, is_verified: true });
      const profile = await ctx.db
        .selectFrom('provider_profiles')
        .select('is_verified')
        .where('id', '=', profileId)
        .executeTakeFirstOrThrow();
      expect(profile.is_verified).toBe(true);
      const off = await call('PATCH', `/api/users/${userId}/toggle_verification/`);
      expect(off.json().is_verified).toBe(false);
    });
  });

  describe('unknown ids', () => {
    it('answer 404 with a French detail on every action, and 400 for a malformed id', async () => {
      for (const [method, url] of [
        ['PATCH', '/api/users/999999/toggle_status/'],
        ['PATCH', '/api/users/999999/toggle_verification/'],
        ['DELETE', '/api/users/999999/'],
      ] as const) {
        const response = await call(method, url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().detail).toBe('Utilisateur introuvable.');
      }
      const patch = await call('PATCH', '/api/users/999999/', { first_name: 'X' });
      expect(patch.statusCode).toBe(404);
      const malformed = await call('PATCH', '/api/users/abc/toggle_status/');
      expect(malformed.statusCode).toBe(400);
    });

    it('answer a French 400, not a 500, for an id beyond the integer columns (PostgreSQL)', async () => {
      for (const [method, url] of [
        ['PATCH', '/api/users/3000000000/toggle_status/'],
        ['PATCH', '/api/users/3000000000/toggle_verification/'],
        ['DELETE', '/api/users/3000000000/'],
        ['PATCH', '/api/users/3000000000/'],
      ] as const) {
        const response = await call(method, url, method === 'PATCH' ? { first_name: 'X' } : undefined);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().errors.id).toEqual(["L'identifiant est trop grand"]);
      }
      expect((await call('DELETE', '/api/users/2147483647/')).statusCode).toBe(404);
    });
  });

  describe('PATCH /api/users/{id}/', () => {
    it('edits names, e-mail and phone, and the search finds the new values', async () => {
      const id = await insertUser(ctx.db, { username: 'edit.me', first_name: 'Avant', last_name: 'Nom' });
      const response = await call('PATCH', `/api/users/${id}/`, {
        first_name: '  Hélène ',
        last_name: 'Ngola',
        email: 'Helene.Ngola@Kwanza.test',
        phone_number: '+244 900 000 001',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id,
        first_name: 'Hélène',
        last_name: 'Ngola',
        email: 'helene.ngola@kwanza.test',
        phone_number: '+244 900 000 001',
      });
      const found = (await call('GET', '/api/users/?search=helene%20ngola')).json();
      expect(found.results.map((user: { id: number }) => user.id)).toEqual([id]);
      expect((await call('GET', '/api/users/?search=avant')).json().count).toBe(0);

      const partial = await call('PATCH', `/api/users/${id}/`, { last_name: 'Ngola-Dias' });
      expect(partial.json()).toMatchObject({
        first_name: 'Hélène',
        last_name: 'Ngola-Dias',
        email: 'helene.ngola@kwanza.test',
      });
      const cleared = await call('PATCH', `/api/users/${id}/`, { phone_number: '' });
      expect(cleared.json().phone_number).toBeNull();
    });

    it('keeps the provider search up to date when a provider is renamed', async () => {
      const { userId, profileId } = await insertProvider(ctx.db, {
        username: 'rename.provider',
        first_name: 'Old',
      });
      await call('PATCH', `/api/users/${userId}/`, { first_name: 'Émile' });
      const providers = (await call('GET', '/api/providers/?search=emile')).json();
      expect(providers.results.map((provider: { id: number }) => provider.id)).toEqual([profileId]);
    });

    it('refuses a malformed e-mail, a taken e-mail and a bad phone with per-field French errors', async () => {
      const id = await insertUser(ctx.db, { username: 'valid.me', email: 'valid.me@kwanza.test' });
      await insertUser(ctx.db, { username: 'taken', email: 'taken@kwanza.test' });

      const malformed = await call('PATCH', `/api/users/${id}/`, { email: 'pas-une-adresse' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors.email).toEqual(['Saisissez une adresse e-mail valide']);

      const taken = await call('PATCH', `/api/users/${id}/`, {
        email: 'TAKEN@kwanza.test',
        first_name: 'Changé',
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toMatchObject({
        detail: 'Cette adresse e-mail est déjà utilisée par un autre utilisateur.',
        errors: { email: ['Cette adresse e-mail est déjà utilisée par un autre utilisateur.'] },
      });
      expect((await userRow(id)).first_name).toBe('Test');

      const phone = await call('PATCH', `/api/users/${id}/`, { phone_number: 'abc' });
      expect(phone.statusCode).toBe(400);
      expect(phone.json().errors.phone_number[0]).toMatch(/^Le numéro de téléphone/);

      const unknownField = await call('PATCH', `/api/users/${id}/`, { role: 'admin' });
      expect(unknownField.statusCode).toBe(400);

      const same = await call('PATCH', `/api/users/${id}/`, { email: 'valid.me@kwanza.test' });
      expect(same.statusCode).toBe(200);
    });
  });

  describe('DELETE /api/users/{id}/', () => {
    it('soft-deletes: the user leaves the lists, the records other admins need stay', async () => {
      const clientId = await insertUser(ctx.db, {
        username: 'leaving.client',
        email: 'leaving@kwanza.test',
        password: 'Client-Passw0rd!',
        role: 'client',
      });
      const provider = await insertProvider(ctx.db, {
        username: 'leaving.provider',
        email: 'leaving.provider@kwanza.test',
      });
      const activity = await insertActivity(ctx.db, clientId, provider.userId);
      const before = (await call('GET', '/api/users/')).json().count;

      expect((await call('DELETE', `/api/users/${clientId}/`)).statusCode).toBe(204);
      const providerDeletion = await call('DELETE', `/api/users/${provider.userId}/`);
      expect(providerDeletion.statusCode).toBe(204);
      expect(providerDeletion.body).toBe('');

      const after = (await call('GET', '/api/users/')).json();
      expect(after.count).toBe(before - 2);
      expect((await call('GET', '/api/users/?search=leaving')).json().count).toBe(0);
      const providers = (await call('GET', '/api/providers/?page_size=100')).json();
      expect(providers.results.map((item: { id: number }) => item.id)).not.toContain(provider.profileId);

      const row = await userRow(clientId);
      expect(row.deleted_at).not.toBeNull();
      expect(row.is_active).toBe(false);
      expect(row.email).toBe(`deleted-${clientId}-leaving@kwanza.test`);
      expect(row.username).toBe(`deleted-${clientId}-leaving.client`);
      expect(row.first_name).toBe('Test');

      const project = await ctx.db
        .selectFrom('projects')
        .selectAll()
        .where('id', '=', activity.projectId)
        .executeTakeFirst();
      expect(project?.client_id).toBe(clientId);
      const offer = await ctx.db
        .selectFrom('offers')
        .selectAll()
        .where('id', '=', activity.offerId)
        .executeTakeFirst();
      expect(offer?.provider_id).toBe(provider.userId);
      const dispute = await ctx.db
        .selectFrom('disputes')
        .selectAll()
        .where('id', '=', activity.disputeId)
        .executeTakeFirst();
      expect(dispute).toMatchObject({ client_id: clientId, provider_id: provider.userId });
      const report = await ctx.db
        .selectFrom('reports')
        .selectAll()
        .where('id', '=', activity.reportId)
        .executeTakeFirst();
      expect(report).toMatchObject({ reporter_id: clientId, reported_user_id: provider.userId });
      const conversation = await ctx.db
        .selectFrom('conversations')
        .selectAll()
        .where('id', '=', activity.conversationId)
        .executeTakeFirst();
      expect(conversation).toMatchObject({ client_id: clientId, provider_id: provider.userId });
      const messages = await ctx.db
        .selectFrom('messages')
        .select(['sender_id', 'deleted_at'])
        .where('conversation_id', '=', activity.conversationId)
        .orderBy('id')
        .execute();
      expect(messages).toEqual([
        { sender_id: clientId, deleted_at: null },
        { sender_id: provider.userId, deleted_at: null },
      ]);
      const profile = await ctx.db
        .selectFrom('provider_profiles')
        .select('id')
        .where('id', '=', provider.profileId)
        .executeTakeFirst();
      expect(profile).toBeDefined();

      const notifications = await ctx.db
        .selectFrom('notifications')
        .select(['title', 'is_read'])
        .where('user_id', '=', clientId)
        .orderBy('title')
        .execute();
      expect(notifications).toEqual([
        { title: 'Lue', is_read: true },
        { title: 'Non lue', is_read: false },
      ]);
    });

    it('frees the e-mail and username, refuses the login, and answers 404 afterwards', async () => {
      const id = await insertUser(ctx.db, {
        username: 'reused.name',
        email: 'reused@kwanza.test',
        role: 'admin',
        password: 'Reused-Passw0rd!',
      });
      expect((await call('DELETE', `/api/users/${id}/`)).statusCode).toBe(204);

      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/admin-login/',
        payload: { email: 'reused@kwanza.test', password: 'Reused-Passw0rd!' },
      });
      expect(login.statusCode).toBe(401);

      const newcomer = await insertUser(ctx.db, { username: 'newcomer' });
      const takeEmail = await call('PATCH', `/api/users/${newcomer}/`, { email: 'reused@kwanza.test' });
      expect(takeEmail.statusCode).toBe(200);
      await expect(
        insertUser(ctx.db, { username: 'reused.name', email: 'again@kwanza.test' }),
      ).resolves.toBeGreaterThan(0);

      for (const [method, url] of [
        ['DELETE', `/api/users/${id}/`],
        ['PATCH', `/api/users/${id}/toggle_status/`],
        ['PATCH', `/api/users/${id}/toggle_verification/`],
      ] as const) {
        const response = await call(method, url);
        expect(response.statusCode, url).toBe(404);
      }
    });

    it('refuses to delete the own account with a French 409', async () => {
      const response = await call('DELETE', `/api/users/${ctx.adminId}/`);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe('Vous ne pouvez pas supprimer votre propre compte.');
      expect((await userRow(ctx.adminId)).deleted_at).toBeNull();
    });

    it('never removes or deactivates the last active admin, whoever asks', async () => {
      // Make the test admin the only active admin left.
      await ctx.db
        .updateTable('users')
        .set({ is_active: false })
        .where('role', '=', 'admin')
        .where('id', '!=', ctx.adminId)
        .execute();
      const someoneElse = await insertUser(ctx.db, { username: 'not.an.admin' });
      await expect(deleteUser(ctx.db, ctx.adminId, someoneElse)).rejects.toMatchObject({
        statusCode: 409,
        detail: 'Impossible de supprimer le dernier administrateur actif.',
      });
      await expect(toggleUserStatus(ctx.db, ctx.adminId, someoneElse)).rejects.toMatchObject({
        statusCode: 409,
        detail: 'Impossible de désactiver le dernier administrateur actif.',
      });
      const admin = await userRow(ctx.adminId);
      expect(admin).toMatchObject({ is_active: true, deleted_at: null, email: TEST_ADMIN.email });
    });
  });
});
