import type { DisputeDetail, DisputeStatus } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertDispute } from './disputes.factories.js';

const STATUSES: DisputeStatus[] = ['open', 'under_review', 'resolved', 'closed'];

describe('changing the status of a dispute', () => {
  let ctx: TestContext;
  let clientId: number;
  let providerId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    clientId = await insertUser(ctx.db, { first_name: 'Ana', last_name: 'Kiala' });
    providerId = await insertUser(ctx.db, { role: 'provider', first_name: 'Rui', last_name: 'Santos' });
  });
  afterAll(() => ctx.close());

  const newDispute = () =>
    insertDispute(ctx.db, {
      client_id: clientId,
      provider_id: providerId,
      title: 'Peinture inachevée',
      created_at: new Date(Date.now() - 3600_000).toISOString(),
    });
  const update = (id: number, payload: unknown, headers: Record<string, string> = ctx.auth) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/disputes/${id}/update_status/`,
      headers,
      payload: payload as object,
    });

  it('goes from any status to any other, with resolved_at set, kept and cleared by the rules', async () => {
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const id = await newDispute();
        const first = await update(id, { status: from, resolution_note: 'étape 1' });
        expect(first.statusCode, `${from}`).toBe(200);
        const before = first.json() as DisputeDetail;
        const second = await update(id, { status: to, resolution_note: 'étape 2' });
        expect(second.statusCode, `${from} -> ${to}`).toBe(200);
        const after = second.json() as DisputeDetail;
        expect(after.status).toBe(to);
        expect(after.resolution_note).toBe('étape 2');
        const finished = (status: DisputeStatus) => status === 'resolved' || status === 'closed';
        if (!finished(to)) expect(after.resolved_at, `${from} -> ${to}`).toBeNull();
        else if (finished(from)) expect(after.resolved_at, `${from} -> ${to}`).toBe(before.resolved_at);
        else {
          expect(after.resolved_at, `${from} -> ${to}`).not.toBeNull();
          expect(Date.parse(after.resolved_at ?? '')).toBeGreaterThanOrEqual(Date.parse(after.created_at));
        }
        if (finished(from)) expect(before.resolved_at).not.toBeNull();
        expect(after.history.map((change) => [change.from_status, change.to_status])).toEqual([
          ['open', from],
          [from, to],
        ]);
      }
    }
  });

  it('records the admin and the time in the history and keeps the note unless one is given', async () => {
    const id = await newDispute();
    const started = Date.now();
    await update(id, { status: 'under_review', resolution_note: '  Pièces demandées  ' });
    const kept = (await update(id, { status: 'resolved' })).json() as DisputeDetail;
    expect(kept.resolution_note).toBe('Pièces demandées');
    const cleared = (await update(id, { status: 'closed', resolution_note: '' })).json() as DisputeDetail;
    expect(cleared.resolution_note).toBeNull();
    expect(cleared.history).toHaveLength(3);
    for (const change of cleared.history) {
      expect(change.changed_by).toEqual({ id: ctx.adminId, name: expect.any(String) });
      expect(Date.parse(change.changed_at)).toBeGreaterThanOrEqual(started - 1000);
    }
    expect(cleared.history.map((change) => change.resolution_note)).toEqual([
      'Pièces demandées',
      'Pièces demandées',
      null,
    ]);
    const row = await ctx.db
      .selectFrom('disputes')
      .select('updated_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(cleared.history[2]?.changed_at);
  });

  it('notifies the client and the provider of each change', async () => {
    const id = await newDispute();
    await update(id, { status: 'resolved', resolution_note: 'Remboursement partiel' });
    const notifications = await ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('related_object_type', '=', 'dispute')
      .where('related_object_id', '=', id)
      .orderBy('user_id')
      .execute();
    expect(notifications.map((notification) => notification.user_id)).toEqual(
      [clientId, providerId].sort((a, b) => a - b),
    );
    for (const notification of notifications) {
      expect(notification).toMatchObject({
        notification_type: 'dispute',
        is_read: false,
        created_by: ctx.adminId,
        title: 'Litige mis à jour',
      });
      expect(notification.message).toContain('Résolu');
      expect(notification.message).toContain('Remboursement partiel');
    }
  });

  it('refuses anything but the four statuses with a French 400, unknown disputes with a 404', async () => {
    const id = await newDispute();
    for (const payload of [{ status: 'pending' }, {}, { status: 'resolved', resolution_note: 12 }]) {
      const response = await update(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toMatch(/[a-zé]/);
    }
    expect((await update(id, { status: 'pending' })).json().detail).toContain('Statut invalide');
    const missing = await update(999_999, { status: 'closed' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Litige introuvable.');
    const row = await ctx.db
      .selectFrom('disputes')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
    expect((await update(id, { status: 'closed' }, {})).statusCode).toBe(401);
  });

  it('keeps the history a consistent chain when admins change one dispute at the same time', async () => {
    const id = await newDispute();
    const otherAdmin = await insertUser(ctx.db, { role: 'admin', username: 'second-admin' });
    const otherHeaders = { authorization: `Bearer ${await ctx.app.tokens.sign(otherAdmin, 'admin')}` };
    const requests = [];
    for (let index = 0; index < 16; index += 1) {
      const status = STATUSES[index % STATUSES.length] ?? 'open';
      requests.push(
        update(id, { status, resolution_note: `note ${index}` }, index % 2 ? otherHeaders : ctx.auth),
      );
    }
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/disputes/${id}/`, headers: ctx.auth })
    ).json() as DisputeDetail;
    expect(detail.history).toHaveLength(16);
    let previous: DisputeStatus = 'open';
    for (const change of detail.history) {
      expect(change.from_status).toBe(previous);
      previous = change.to_status;
    }
    const last = detail.history[15];
    expect(detail.status).toBe(last?.to_status);
    expect(detail.resolution_note).toBe(last?.resolution_note);
    const finished = detail.status === 'resolved' || detail.status === 'closed';
    expect(detail.resolved_at === null).toBe(!finished);
    const notifications = await ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('related_object_id', '=', id)
      .where('related_object_type', '=', 'dispute')
      .executeTakeFirstOrThrow();
    expect(Number(notifications.count)).toBe(32);
  });
});
