import type { AuditEntry } from '@kwanza/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/sql.js';
import { reportSearchText } from '../../lib/search-text.js';
import { insertUser } from '../../test/factories.js';
import { createTestContext, TEST_ADMIN, type TestContext } from '../../test/test-context.js';
import { insertConversation, insertMessage } from '../conversations/conversations.factories.js';
import { insertDispute } from '../disputes/disputes.factories.js';
import { insertProject } from '../projects/projects.factories.js';
import { insertProvider } from '../providers/providers.factories.js';
import {
  insertClientVerification,
  insertProviderVerification,
} from '../verifications/verifications.factories.js';
import { auditEntriesAfter, lastAuditId } from './audit.test-support.js';

/*
 * Every write route of the API leaves exactly the entries it should — action, object with its label,
 * the changed fields before and after, the admin, the request id and the address — and nothing when
 * it fails or is refused.
 */

describe('audit entries of the write routes', () => {
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

  /** The one entry the request wrote, checked against the request's own id and the test admin. */
  async function onlyEntry(response: LightMyRequestResponse): Promise<AuditEntry> {
    expect(response.statusCode, response.body).toBeLessThan(300);
    const entries = await written();
    expect(entries).toHaveLength(1);
    const [entry] = entries as [AuditEntry];
    expect(entry.admin).toEqual({ id: ctx.adminId, label: TEST_ADMIN.email });
    expect(entry.request_id).toBe(response.headers['x-request-id']);
    expect(entry.ip_address).toBe('127.0.0.1');
    expect(Date.now() - Date.parse(entry.created_at)).toBeLessThan(60_000);
    return entry;
  }

  async function person(role: 'client' | 'provider' = 'client') {
    const id =
      role === 'provider' ? (await insertProvider(ctx.db)).userId : await insertUser(ctx.db, { role });
    const row = await ctx.db
      .selectFrom('users')
      .select(['email', 'username'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, email: row.email, username: row.username, label: `Test Utilisateur (${row.email})` };
  }

  it('user.update: the changed fields only, before and after', async () => {
    const user = await person();
    const entry = await onlyEntry(
      await ctx.request('PATCH', `/api/users/${user.id}/`, {
        first_name: 'Ana',
        phone_number: '+244 923 000',
      }),
    );
    expect(entry).toMatchObject({
      action: 'user.update',
      object: { type: 'user', id: user.id, label: user.label },
      changes: [
        { field: 'first_name', before: 'Test', after: 'Ana' },
        { field: 'phone_number', before: null, after: '+244 923 000' },
      ],
      details: null,
    });
  });

  it('user.toggle_status and user.toggle_verification', async () => {
    const user = await person();
    const status = await onlyEntry(await ctx.request('PATCH', `/api/users/${user.id}/toggle_status/`));
    expect(status).toMatchObject({
      action: 'user.toggle_status',
      object: { type: 'user', id: user.id },
      changes: [{ field: 'is_active', before: true, after: false }],
    });
    mark = await lastAuditId(ctx.db);
    const verified = await onlyEntry(
      await ctx.request('PATCH', `/api/users/${user.id}/toggle_verification/`),
    );
    expect(verified).toMatchObject({
      action: 'user.toggle_verification',
      changes: [{ field: 'is_verified', before: false, after: true }],
    });
  });

  it('user.delete keeps the label of the account as it was', async () => {
    const user = await person();
    const entry = await onlyEntry(await ctx.request('DELETE', `/api/users/${user.id}/`));
    expect(entry.action).toBe('user.delete');
    expect(entry.object).toEqual({ type: 'user', id: user.id, label: user.label });
    const fields = Object.fromEntries(entry.changes.map((change) => [change.field, change]));
    expect(Object.keys(fields)).toEqual(['username', 'email', 'is_active', 'deleted_at']);
    expect(fields.email).toEqual({
      field: 'email',
      before: user.email,
      after: `deleted-${user.id}-${user.email}`,
    });
    expect(fields.is_active).toEqual({ field: 'is_active', before: true, after: false });
    expect(fields.deleted_at?.before).toBeNull();
    expect(typeof fields.deleted_at?.after).toBe('string');
  });

  it('provider.set_verified', async () => {
    const userId = (await insertProvider(ctx.db)).userId;
    const profile = await ctx.db
      .selectFrom('provider_profiles')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const entry = await onlyEntry(
      await ctx.request('PUT', `/api/providers/${profile.id}/`, { is_verified: true }),
    );
    expect(entry).toMatchObject({
      action: 'provider.set_verified',
      object: { type: 'provider', id: profile.id },
      changes: [{ field: 'is_verified', before: false, after: true }],
    });
    expect(entry.object?.label).toMatch(/^Test Utilisateur \(/);
  });

  it('provider_verification.approve and .reject, one entry per verification in bulk', async () => {
    const BASE = '/api/admin/provider-verification';
    const approved = await insertProviderVerification(ctx.db);
    const entry = await onlyEntry(
      await ctx.request('POST', `${BASE}/${approved}/approve/`, { admin_notes: 'Documents lisibles' }),
    );
    expect(entry).toMatchObject({
      action: 'provider_verification.approve',
      object: { type: 'provider_verification', id: approved },
      changes: [
        { field: 'verification_status', before: 'pending', after: 'verified' },
        { field: 'admin_notes', before: null, after: 'Documents lisibles' },
      ],
    });

    mark = await lastAuditId(ctx.db);
    const rejected = await insertProviderVerification(ctx.db);
    const rejection = await onlyEntry(
      await ctx.request('POST', `${BASE}/${rejected}/reject/`, { rejection_reason: 'Photo floue' }),
    );
    expect(rejection).toMatchObject({
      action: 'provider_verification.reject',
      changes: [
        { field: 'verification_status', before: 'pending', after: 'rejected' },
        { field: 'rejection_reason', before: null, after: 'Photo floue' },
      ],
    });

    mark = await lastAuditId(ctx.db);
    const first = await insertProviderVerification(ctx.db);
    const second = await insertProviderVerification(ctx.db);
    const bulk = await ctx.request('POST', `${BASE}/bulk-reject/`, {
      verification_ids: [second, approved, first, 999_999],
      rejection_reason: 'Pièce expirée',
    });
    expect(bulk.json()).toMatchObject({ updated: [second, first] });
    const entries = await written();
    expect(entries.map((item) => [item.action, item.object?.id, item.details])).toEqual([
      ['provider_verification.reject', first, { bulk: true }],
      ['provider_verification.reject', second, { bulk: true }],
    ]);
    for (const item of entries) expect(item.request_id).toBe(bulk.headers['x-request-id']);

    mark = await lastAuditId(ctx.db);
    const third = await insertProviderVerification(ctx.db);
    const approval = await ctx.request('POST', `${BASE}/bulk-approve/`, { verification_ids: [third, first] });
    expect(approval.json()).toMatchObject({ updated: [third] });
    expect((await written()).map((item) => [item.action, item.object?.id, item.changes[0]])).toEqual([
      [
        'provider_verification.approve',
        third,
        { field: 'verification_status', before: 'pending', after: 'verified' },
      ],
    ]);
  });

  it('client_verification.approve, .reject and .reset', async () => {
    const BASE = '/api/admin/client-verification';
    const id = await insertClientVerification(ctx.db);
    const rejection = await onlyEntry(
      await ctx.request('POST', `${BASE}/${id}/reject/`, {
        rejection_reason: 'Illisible',
        admin_notes: 'Refaire',
      }),
    );
    expect(rejection).toMatchObject({
      action: 'client_verification.reject',
      object: { type: 'client_verification', id },
      changes: [
        { field: 'verification_status', before: 'pending', after: 'rejected' },
        { field: 'rejection_reason', before: null, after: 'Illisible' },
        { field: 'admin_notes', before: null, after: 'Refaire' },
      ],
    });
    mark = await lastAuditId(ctx.db);
    const reset = await onlyEntry(await ctx.request('POST', `${BASE}/${id}/reset/`));
    expect(reset).toMatchObject({
      action: 'client_verification.reset',
      changes: [
        { field: 'verification_status', before: 'rejected', after: 'pending' },
        { field: 'rejection_reason', before: 'Illisible', after: null },
      ],
    });
    mark = await lastAuditId(ctx.db);
    const approval = await onlyEntry(await ctx.request('POST', `${BASE}/${id}/approve/`, {}));
    expect(approval).toMatchObject({
      action: 'client_verification.approve',
      changes: [{ field: 'verification_status', before: 'pending', after: 'verified' }],
    });
  });

  it('project.update and project.delete', async () => {
    const client = await person();
    const id = await insertProject(ctx.db, { client_id: client.id, title: 'Cuisine à refaire' });
    const update = await onlyEntry(
      await ctx.request('PATCH', `/api/admin/projects/${id}/`, {
        status: 'paused',
        admin_notes: 'Client injoignable',
      }),
    );
    expect(update).toMatchObject({
      action: 'project.update',
      object: { type: 'project', id, label: 'Cuisine à refaire' },
      changes: [
        { field: 'status', before: 'open', after: 'paused' },
        { field: 'admin_notes', before: null, after: 'Client injoignable' },
      ],
    });
    mark = await lastAuditId(ctx.db);
    const removal = await onlyEntry(await ctx.request('DELETE', `/api/admin/projects/${id}/`));
    expect(removal).toMatchObject({
      action: 'project.delete',
      object: { type: 'project', id, label: 'Cuisine à refaire' },
      changes: [
        { field: 'title', before: 'Cuisine à refaire', after: null },
        { field: 'status', before: 'paused', after: null },
        { field: 'admin_notes', before: 'Client injoignable', after: null },
      ],
      details: { offers_deleted: 0 },
    });
  });

  it('an update that changes nothing records nothing', async () => {
    const client = await person();
    const id = await insertProject(ctx.db, { client_id: client.id, status: 'open' });
    const response = await ctx.request('PATCH', `/api/admin/projects/${id}/`, { status: 'open' });
    expect(response.statusCode).toBe(200);
    expect(await written()).toEqual([]);
  });

  it('category and subcategory: creation, change and deletion', async () => {
    const created = await ctx.request('POST', '/api/categories/', {
      name: 'Jardinage',
      description: 'Entretien',
      icon: 'leaf',
      image_url: null,
    });
    const category = created.json<{ id: number }>().id;
    expect(await onlyEntry(created)).toMatchObject({
      action: 'category.create',
      object: { type: 'category', id: category, label: 'Jardinage' },
      changes: [
        { field: 'name', before: null, after: 'Jardinage' },
        { field: 'description', before: null, after: 'Entretien' },
        { field: 'icon', before: null, after: 'leaf' },
      ],
    });

    mark = await lastAuditId(ctx.db);
    const sub = await ctx.request('POST', '/api/subcategories/', {
      name: 'Taille de haies',
      description: 'Haies',
      icon: 'scissors',
      category,
    });
    const subcategory = sub.json<{ id: number }>().id;
    expect(await onlyEntry(sub)).toMatchObject({
      action: 'subcategory.create',
      object: { type: 'subcategory', id: subcategory, label: 'Taille de haies' },
      changes: [
        { field: 'name', before: null, after: 'Taille de haies' },
        { field: 'description', before: null, after: 'Haies' },
        { field: 'icon', before: null, after: 'scissors' },
        { field: 'category_id', before: null, after: category },
      ],
    });

    mark = await lastAuditId(ctx.db);
    const renamed = await onlyEntry(
      await ctx.request('PUT', `/api/subcategories/${subcategory}/`, {
        name: 'Haies et arbustes',
        description: 'Haies',
        icon: 'scissors',
        category,
      }),
    );
    expect(renamed).toMatchObject({
      action: 'subcategory.update',
      changes: [{ field: 'name', before: 'Taille de haies', after: 'Haies et arbustes' }],
    });

    mark = await lastAuditId(ctx.db);
    const other = await ctx.request('POST', '/api/subcategories/', {
      name: 'Arrosage',
      description: 'Jardins',
      icon: 'droplet',
      category,
    });
    const otherId = other.json<{ id: number }>().id;
    mark = await lastAuditId(ctx.db);
    expect(await onlyEntry(await ctx.request('DELETE', `/api/subcategories/${otherId}/`))).toMatchObject({
      action: 'subcategory.delete',
      object: { type: 'subcategory', id: otherId, label: 'Arrosage' },
      changes: [
        { field: 'name', before: 'Arrosage', after: null },
        { field: 'description', before: 'Jardins', after: null },
        { field: 'icon', before: 'droplet', after: null },
        { field: 'category_id', before: category, after: null },
      ],
      details: { projects_moved: 0 },
    });

    mark = await lastAuditId(ctx.db);
    const changed = await onlyEntry(
      await ctx.request('PUT', `/api/categories/${category}/`, {
        name: 'Jardin',
        description: 'Entretien',
        icon: 'leaf',
        image_url: null,
      }),
    );
    expect(changed).toMatchObject({
      action: 'category.update',
      object: { label: 'Jardinage' },
      changes: [{ field: 'name', before: 'Jardinage', after: 'Jardin' }],
    });

    mark = await lastAuditId(ctx.db);
    const removed = await onlyEntry(await ctx.request('DELETE', `/api/categories/${category}/`));
    expect(removed).toMatchObject({
      action: 'category.delete',
      object: { type: 'category', id: category, label: 'Jardin' },
      changes: [
        { field: 'name', before: 'Jardin', after: null },
        { field: 'description', before: 'Entretien', after: null },
        { field: 'icon', before: 'leaf', after: null },
      ],
      details: { subcategories_deleted: 1, projects_moved: 0 },
    });
  });

  it('dispute.update_status and report.update_status', async () => {
    const client = await person();
    const provider = await person('provider');
    const dispute = await insertDispute(ctx.db, {
      client_id: client.id,
      provider_id: provider.id,
      title: 'Carrelage mal posé',
    });
    const entry = await onlyEntry(
      await ctx.request('POST', `/api/disputes/${dispute}/update_status/`, {
        status: 'resolved',
        resolution_note: 'Remboursement partiel',
      }),
    );
    expect(entry).toMatchObject({
      action: 'dispute.update_status',
      object: { type: 'dispute', id: dispute, label: 'Carrelage mal posé' },
      changes: [
        { field: 'status', before: 'open', after: 'resolved' },
        { field: 'resolution_note', before: null, after: 'Remboursement partiel' },
      ],
    });

    mark = await lastAuditId(ctx.db);
    const report = await ctx.db
      .insertInto('reports')
      .values({
        type: 'user',
        reason: 'Propos injurieux',
        status: 'pending',
        admin_notes: null,
        reporter_id: client.id,
        reported_user_id: provider.id,
        created_at: nowIso(),
        updated_at: nowIso(),
        search_text: reportSearchText({ reason: 'Propos injurieux' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reviewed = await onlyEntry(
      await ctx.request('POST', `/api/reports/${report.id}/update_status/`, {
        status: 'dismissed',
        admin_notes: 'Sans fondement',
      }),
    );
    expect(reviewed).toMatchObject({
      action: 'report.update_status',
      object: { type: 'report', id: report.id, label: 'Propos injurieux' },
      changes: [
        { field: 'status', before: 'pending', after: 'dismissed' },
        { field: 'admin_notes', before: null, after: 'Sans fondement' },
      ],
    });
  });

  it('conversation actions: mark read (one entry per conversation in bulk), write, delete a message, close', async () => {
    const client = await person();
    const provider = await person('provider');
    const first = await insertConversation(ctx.db, { client_id: client.id, provider_id: provider.id });
    const second = await insertConversation(ctx.db, { client_id: client.id, provider_id: provider.id });
    const message = await insertMessage(ctx.db, { conversation_id: first, content: 'Secret de client' });
    await insertMessage(ctx.db, { conversation_id: first });
    await insertMessage(ctx.db, { conversation_id: second });

    const BASE = '/api/admin/conversations';
    const deletion = await onlyEntry(await ctx.request('DELETE', `/api/admin/messages/${message}/delete/`));
    expect(deletion).toMatchObject({
      action: 'conversation.delete_message',
      object: { type: 'conversation', id: first, label: 'Test Utilisateur ↔ Test Utilisateur' },
      changes: [
        { field: 'unread_messages', before: 2, after: 1 },
        { field: 'total_messages', before: 2, after: 1 },
      ],
      details: { message_id: message, sender_type: 'client' },
    });
    expect(JSON.stringify(deletion)).not.toContain('Secret de client');

    mark = await lastAuditId(ctx.db);
    const read = await onlyEntry(await ctx.request('POST', `${BASE}/${first}/mark_all_read/`));
    expect(read).toMatchObject({
      action: 'conversation.mark_read',
      changes: [{ field: 'unread_messages', before: 1, after: 0 }],
    });

    mark = await lastAuditId(ctx.db);
    const bulk = await ctx.request('POST', `${BASE}/bulk-mark-read/`, { conversation_ids: [second, first] });
    expect(bulk.statusCode).toBe(200);
    // The first one had nothing left to read: only the second changed.
    expect((await written()).map((entry) => [entry.action, entry.object?.id, entry.changes])).toEqual([
      ['conversation.mark_read', second, [{ field: 'unread_messages', before: 1, after: 0 }]],
    ]);

    mark = await lastAuditId(ctx.db);
    const writing = await ctx.request('POST', `${BASE}/${first}/add_admin_message/`, {
      content: ' Merci de rester courtois ',
    });
    const added = await onlyEntry(writing);
    expect(added).toMatchObject({
      action: 'conversation.add_message',
      changes: [{ field: 'total_messages', before: 1, after: 2 }],
      details: { message_id: writing.json<{ id: number }>().id, content: 'Merci de rester courtois' },
    });

    mark = await lastAuditId(ctx.db);
    const closed = await onlyEntry(await ctx.request('POST', `${BASE}/${first}/close_conversation/`));
    expect(closed).toMatchObject({
      action: 'conversation.close',
      changes: [{ field: 'status', before: 'active', after: 'closed' }],
    });
  });

  it('failed and refused writes leave no entry', async () => {
    const user = await person();
    const pending = await insertProviderVerification(ctx.db);
    const approved = await insertProviderVerification(ctx.db, { verification_status: 'verified' });
    const refusals: [Parameters<TestContext['request']>, number][] = [
      [['PATCH', `/api/users/${user.id}/`, { email: 'pas-une-adresse' }], 400],
      [['PATCH', '/api/users/999999/', { first_name: 'X' }], 404],
      [['DELETE', `/api/users/${ctx.adminId}/`], 409],
      [['PATCH', `/api/users/${ctx.adminId}/toggle_status/`], 409],
      [['POST', `/api/admin/provider-verification/${pending}/reject/`, { rejection_reason: '  ' }], 400],
      [['POST', `/api/admin/provider-verification/${approved}/approve/`, {}], 409],
      [['POST', '/api/admin/provider-verification/bulk-approve/', { verification_ids: [] }], 400],
      [['POST', '/api/disputes/999999/update_status/', { status: 'closed' }], 404],
      [
        ['PUT', '/api/categories/999999/', { name: 'X', description: null, icon: null, image_url: null }],
        404,
      ],
      [['POST', '/api/admin/conversations/bulk-mark-read/', { conversation_ids: [999999] }], 404],
      [
        [
          'POST',
          '/api/auth/me/password/',
          { current_password: 'faux', new_password: 'x', confirm_password: 'x' },
        ],
        400,
      ],
    ];
    for (const [request, status] of refusals) {
      const response = await ctx.request(...request);
      expect(response.statusCode, `${request[0]} ${request[1]}`).toBe(status);
    }
    expect(await written()).toEqual([]);
    // A refused write of a bulk where nothing was eligible: 200, nothing changed, nothing recorded.
    const none = await ctx.request('POST', '/api/admin/provider-verification/bulk-approve/', {
      verification_ids: [approved],
    });
    expect(none.json()).toMatchObject({ updated: [], skipped: [{ id: approved }] });
    expect(await written()).toEqual([]);
  });
});
