import type {
  AdminPreferences,
  BroadcastResult,
  ErrorBody,
  Notification,
  NotificationBulkResult,
  NotificationFeed,
  NotificationPage,
  NotificationStats,
} from '@kwanza/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodStart } from '../../lib/periods.js';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type RequestMethod, type TestContext } from '../../test/test-context.js';
import { auditEntriesAfter, lastAuditId } from '../audit/audit.test-support.js';
import { insertNotificationRow } from './notifications.factories.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('notifications API', () => {
  let ctx: TestContext;
  let ana: number;
  let bruno: number;
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();

  const json = async <T>(method: RequestMethod, url: string, body?: object) => {
    const response = await ctx.request(method, url, body);
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T & ErrorBody };
  };
  const list = (query = '') => json<NotificationPage>('GET', `/api/admin/notifications/${query}`);
  const titles = (page: NotificationPage) => page.results.map((notification) => notification.title);

  /** Counts rows in the test, independently of the API's counters. */
  async function countRows(where: { is_read?: boolean; type?: string } = {}): Promise<number> {
    let query = ctx.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (where.is_read !== undefined) query = query.where('is_read', '=', where.is_read);
    if (where.type) query = query.where('notification_type', '=', where.type);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    ana = await insertUser(ctx.db, {
      first_name: 'Ána',
      last_name: 'Kaputo',
      username: 'ana',
      email: 'ana.kaputo@example.ao',
    });
    bruno = await insertUser(ctx.db, {
      role: 'provider',
      first_name: 'Bruno',
      last_name: 'Neto',
      username: 'bruno',
    });
    // 12 notifications for Ana and Bruno, one per hour back from now: types alternate, every third read.
    for (let index = 0; index < 12; index += 1) {
      await insertNotificationRow(ctx.db, {
        user_id: index % 2 === 0 ? ana : bruno,
        title: index === 4 ? 'Réunion de sécurité' : `Notification ${String(index).padStart(2, '0')}`,
        notification_type: index % 2 === 0 ? 'system' : 'dispute',
        priority: index === 1 ? 'urgent' : 'normal',
        is_read: index % 3 === 0,
        created_at: at(now - (index + 1) * 3600_000),
      });
    }
    // Three for the signed-in admin (the bell's feed).
    for (let index = 0; index < 3; index += 1) {
      await insertNotificationRow(ctx.db, {
        user_id: ctx.adminId,
        title: `Pour l'admin ${index}`,
        notification_type: 'new_dispute',
        created_at: at(now - index * MINUTE),
      });
    }
  });
  afterAll(() => ctx.close());

  it('lists every user’s notifications newest first, 10 per page, with recipient and counts', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.count).toBe(15);
    expect(body.results).toHaveLength(10);
    expect(body.results[0]?.title).toBe("Pour l'admin 0");
    const urgent = body.results.find((notification) => notification.title === 'Notification 01');
    expect(urgent).toMatchObject({
      notification_type: 'dispute',
      type: 'dispute',
      priority: 'urgent',
      is_read: false,
      user: { id: bruno, first_name: 'Bruno', last_name: 'Neto' },
      created_by: null,
    });
    const second = await list('?page=2');
    expect(second.body.results).toHaveLength(5);
    expect(second.body.previous).not.toBeNull();
  });

  it('searches title, message and recipient without regard to case or accents', async () => {
    expect(titles((await list('?search=REUNION%20de%20securite')).body)).toEqual(['Réunion de sécurité']);
    const byName = await list('?search=ana%20kaputo&page_size=50');
    expect(byName.body.count).toBe(6);
    expect(byName.body.results.every((notification) => notification.user.id === ana)).toBe(true);
    const byEmail = await list('?search=kaputo@example&page_size=50');
    expect(byEmail.body.count).toBe(6);
  });

  it('filters by type and read state, counting the whole filtered set', async () => {
    const disputes = await list('?notification_type=dispute&page_size=50');
    expect(disputes.body.count).toBe(await countRows({ type: 'dispute' }));
    expect(disputes.body.results.every((notification) => notification.type === 'dispute')).toBe(true);
    const unread = await list('?is_read=false&page_size=50');
    expect(unread.body.count).toBe(await countRows({ is_read: false }));
    expect(unread.body.results.every((notification) => !notification.is_read)).toBe(true);
    const both = await list('?is_read=true&notification_type=system&page_size=50');
    expect(both.body.count).toBe(both.body.results.length);
    expect(both.body.results.every((n) => n.is_read && n.type === 'system')).toBe(true);
    expect((await list('?notification_type=nope')).status).toBe(400);
    expect((await list('?is_read=peut-etre')).status).toBe(400);
  });

  it('filters by period at its boundaries (today from midnight in Luanda, 7 and 30 days)', async () => {
    const user = await insertUser(ctx.db, { first_name: 'Período' });
    const todayStart = periodStart('today', new Date()).getTime();
    const cases = [
      { title: 'Juste après minuit', created: todayStart + MINUTE },
      { title: 'Juste avant minuit', created: todayStart - MINUTE },
      { title: 'Il y a 6 jours 23 h', created: now - 7 * DAY + 30 * MINUTE },
      { title: 'Il y a 7 jours 1 h', created: now - 7 * DAY - 60 * MINUTE },
      { title: 'Il y a 29 jours', created: now - 29 * DAY },
      { title: 'Il y a 31 jours', created: now - 31 * DAY },
    ];
    for (const item of cases) {
      await insertNotificationRow(ctx.db, { user_id: user, title: item.title, created_at: at(item.created) });
    }
    const mine = async (period: string) =>
      titles((await list(`?period=${period}&search=periodo&page_size=50`)).body).sort();
    expect(await mine('today')).toEqual(['Juste après minuit']);
    expect(await mine('week')).toEqual(['Il y a 6 jours 23 h', 'Juste après minuit', 'Juste avant minuit']);
    expect(await mine('month')).toEqual(
      [
        'Il y a 29 jours',
        'Il y a 6 jours 23 h',
        'Il y a 7 jours 1 h',
        'Juste après minuit',
        'Juste avant minuit',
      ].sort(),
    );
    expect((await list('?period=year')).status).toBe(400);
    await ctx.db.deleteFrom('notifications').where('user_id', '=', user).execute();
  });

  it('answers statistics equal to counts made independently', async () => {
    const { body } = await json<NotificationStats>('GET', '/api/admin/notifications/stats/');
    expect(body).toEqual({
      total_notifications: await countRows(),
      unread_notifications: await countRows({ is_read: false }),
    });
  });

  it('sends to one user with trimmed values and the admin as author; French 400s and 404s', async () => {
    const sent = await json<Notification>('POST', '/api/admin/notifications/send/', {
      user_id: ana,
      title: '  Maintenance  ',
      message: '  Le service sera coupé ce soir.  ',
      notification_type: 'system',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      title: 'Maintenance',
      message: 'Le service sera coupé ce soir.',
      user: { id: ana },
      created_by: { id: ctx.adminId },
      is_read: false,
    });
    const blank = await json<ErrorBody>('POST', '/api/admin/notifications/send/', {
      user_id: ana,
      title: '   ',
      message: ' ',
      notification_type: 'system',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.title).toContain('Le titre est requis');
    expect(blank.body.errors?.message).toContain('Le message est requis');
    const noUser = await json<ErrorBody>('POST', '/api/admin/notifications/send/', {
      title: 'Titre',
      message: 'Message',
    });
    expect(noUser.status).toBe(400);
    expect(noUser.body.errors?.user_id).toContain('Veuillez sélectionner un utilisateur');
    const tooLong = await json<ErrorBody>('POST', '/api/admin/notifications/send/', {
      user_id: ana,
      title: 'x'.repeat(201),
      message: 'Message',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.title?.[0]).toMatch(/200 caractères/);
    const unknown = await json<ErrorBody>('POST', '/api/admin/notifications/send/', {
      user_id: 999_999,
      title: 'Titre',
      message: 'Message',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Utilisateur introuvable.');
    const deleted = await insertUser(ctx.db, { deleted_at: at(now) });
    const toDeleted = await json<ErrorBody>('POST', '/api/admin/notifications/send/', {
      user_id: deleted,
      title: 'Titre',
      message: 'Message',
    });
    expect(toDeleted.status).toBe(404);
    await ctx.db.deleteFrom('notifications').where('id', '=', sent.body.id).execute();
  });

  it('creates, reads, edits and deletes one notification', async () => {
    const created = await json<Notification>('POST', '/api/admin/notifications/', {
      recipient: bruno,
      title: 'Offre acceptée',
      message: 'Votre offre a été acceptée.',
      notification_type: 'offer_accepted',
      priority: 'high',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await json<Notification>('GET', `/api/admin/notifications/${id}/`)).body).toMatchObject({
      priority: 'high',
      type: 'offer_accepted',
    });
    const edited = await json<Notification>('PATCH', `/api/admin/notifications/${id}/`, {
      title: 'Offre acceptée !',
      is_read: true,
    });
    expect(edited.body).toMatchObject({ title: 'Offre acceptée !', is_read: true });
    expect(edited.body.read_at).not.toBeNull();
    expect((await json('PATCH', `/api/admin/notifications/${id}/`, {})).status).toBe(400);
    expect(titles((await list('?search=offre%20acceptee%20!')).body)).toEqual(['Offre acceptée !']);
    expect((await json('DELETE', `/api/admin/notifications/${id}/`)).status).toBe(204);
    expect((await json('GET', `/api/admin/notifications/${id}/`)).status).toBe(404);
    expect((await json('DELETE', `/api/admin/notifications/${id}/`)).status).toBe(404);
  });

  it('marks one read, keeping the first read time, and 404s an unknown id', async () => {
    const id = await insertNotificationRow(ctx.db, { user_id: ana, title: 'À lire' });
    const first = await json<Notification>('PATCH', `/api/admin/notifications/${id}/mark_read/`);
    expect(first.body.is_read).toBe(true);
    const again = await json<Notification>('PATCH', `/api/admin/notifications/${id}/mark_read/`);
    expect(again.body.read_at).toBe(first.body.read_at);
    expect((await json('PATCH', '/api/admin/notifications/999999/mark_read/')).status).toBe(404);
    await ctx.db.deleteFrom('notifications').where('id', '=', id).execute();
  });

  it('marks a selection read and deletes a selection, all or nothing', async () => {
    const ids = [
      await insertNotificationRow(ctx.db, { user_id: ana, title: 'Sélection 1' }),
      await insertNotificationRow(ctx.db, { user_id: ana, title: 'Sélection 2' }),
      await insertNotificationRow(ctx.db, { user_id: bruno, title: 'Sélection 3', is_read: true }),
    ];
    const empty = await json<ErrorBody>('POST', '/api/admin/notifications/bulk_mark_read/', {
      notification_ids: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.notification_ids).toContain('Au moins une notification doit être sélectionnée');
    const withUnknown = await json<ErrorBody>('POST', '/api/admin/notifications/bulk_mark_read/', {
      notification_ids: [...ids, 999_999],
    });
    expect(withUnknown.status).toBe(404);
    const stillUnread = await ctx.db
      .selectFrom('notifications')
      .select('is_read')
      .where('id', 'in', ids)
      .execute();
    expect(stillUnread.filter((row) => !row.is_read)).toHaveLength(2);

    const marked = await json<NotificationBulkResult>('POST', '/api/admin/notifications/bulk_mark_read/', {
      notification_ids: ids,
    });
    expect(marked.body.updated).toBe(2);

    const refused = await json('POST', '/api/admin/notifications/bulk_delete/', {
      notification_ids: [ids[0], 999_999],
    });
    expect(refused.status).toBe(404);
    expect(
      await ctx.db.selectFrom('notifications').select('id').where('id', 'in', ids).execute(),
    ).toHaveLength(3);
    expect(
      (await json('POST', '/api/admin/notifications/bulk_delete/', { notification_ids: [] })).status,
    ).toBe(400);
    const deleted = await json<NotificationBulkResult>('POST', '/api/admin/notifications/bulk_delete/', {
      notification_ids: ids,
    });
    expect(deleted.body.updated).toBe(3);
    expect(
      await ctx.db.selectFrom('notifications').select('id').where('id', 'in', ids).execute(),
    ).toHaveLength(0);
  });

  it('deletes an overlapping selection once when two admins delete it at the same time', async () => {
    const ids = [
      await insertNotificationRow(ctx.db, { user_id: ana, title: 'Course 1' }),
      await insertNotificationRow(ctx.db, { user_id: ana, title: 'Course 2' }),
    ];
    const answers = await Promise.all([
      ctx.request('POST', '/api/admin/notifications/bulk_delete/', { notification_ids: ids }),
      ctx.request('POST', '/api/admin/notifications/bulk_delete/', { notification_ids: [...ids].reverse() }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(
      await ctx.db.selectFrom('notifications').select('id').where('id', 'in', ids).execute(),
    ).toHaveLength(0);
  });

  it('gives the bell the signed-in admin’s notifications only, and marks all of them read', async () => {
    const feed = await json<NotificationFeed>('GET', '/api/admin/notifications/feed/');
    expect(feed.status).toBe(200);
    expect(feed.body.results.map((notification) => notification.title)).toEqual([
      "Pour l'admin 0",
      "Pour l'admin 1",
      "Pour l'admin 2",
    ]);
    expect(feed.body.unread_count).toBe(3);
    expect(
      (await json<{ unread_count: number }>('GET', '/api/admin/notifications/unread_count/')).body,
    ).toEqual({
      unread_count: 3,
    });
    const othersUnread = await countRows({ is_read: false });
    const marked = await json<NotificationBulkResult>('POST', '/api/admin/notifications/mark_all_read/');
    expect(marked.body.updated).toBe(3);
    expect((await json<NotificationFeed>('GET', '/api/admin/notifications/feed/')).body.unread_count).toBe(0);
    expect(await countRows({ is_read: false })).toBe(othersUnread - 3);
  });

  it('leaves out of the bell the types the admin turned off in the notification preferences', async () => {
    const ids = [
      await insertNotificationRow(ctx.db, {
        user_id: ctx.adminId,
        title: 'Nouveau litige X',
        notification_type: 'new_dispute',
      }),
      await insertNotificationRow(ctx.db, {
        user_id: ctx.adminId,
        title: 'Message Y',
        notification_type: 'new_message',
      }),
      await insertNotificationRow(ctx.db, {
        user_id: ctx.adminId,
        title: 'Système Z',
        notification_type: 'system',
      }),
    ];
    const feedTitles = async () =>
      (await json<NotificationFeed>('GET', '/api/admin/notifications/feed/')).body.results.map(
        (item) => item.title,
      );
    expect(await feedTitles()).toEqual(
      expect.arrayContaining(['Nouveau litige X', 'Message Y', 'Système Z']),
    );
    const preferences = (await json<{ preferences: AdminPreferences }>('GET', '/api/auth/me/')).body
      .preferences;
    const saved = await json('PUT', '/api/auth/me/preferences/', {
      ...preferences,
      notifications: { ...preferences.notifications, new_disputes: false },
    });
    expect(saved.status).toBe(200);
    const titles = await feedTitles();
    expect(titles).toContain('Système Z');
    expect(titles).toContain('Message Y');
    expect(titles).not.toContain('Nouveau litige X');
    const unread = await json<{ unread_count: number }>('GET', '/api/admin/notifications/unread_count/');
    expect(unread.body.unread_count).toBe(2);
    // Every type of the three preferences hidden (another number of hidden types: its own statements).
    const allOff = await json('PUT', '/api/auth/me/preferences/', {
      ...preferences,
      notifications: {
        ...preferences.notifications,
        new_disputes: false,
        new_messages: false,
        status_updates: false,
      },
    });
    expect(allOff.status).toBe(200);
    const fewer = await feedTitles();
    expect(fewer).toContain('Système Z');
    expect(fewer).not.toContain('Message Y');
    expect(fewer).not.toContain('Nouveau litige X');
    const unreadLeft = await json<{ unread_count: number }>('GET', '/api/admin/notifications/unread_count/');
    expect(unreadLeft.body.unread_count).toBe(1);
    await json('PUT', '/api/auth/me/preferences/', preferences);
    expect(await feedTitles()).toEqual(
      expect.arrayContaining(['Nouveau litige X', 'Message Y', 'Système Z']),
    );
    await ctx.db.deleteFrom('notifications').where('id', 'in', ids).execute();
  });

  it('broadcasts to every active client and provider in one statement, and the copies are found by search', async () => {
    await insertUser(ctx.db, { is_active: false, first_name: 'Inactif' });
    await insertUser(ctx.db, { deleted_at: at(now), first_name: 'Supprimé' });
    await insertUser(ctx.db, { role: 'admin', first_name: 'Autre', last_name: 'Admin' });
    const expected = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .where('role', 'in', ['client', 'provider'])
      .orderBy('id')
      .execute();
    const audience = await json<{ recipients: number }>('GET', '/api/admin/broadcast/audience/');
    expect(audience.body.recipients).toBe(expected.length);

    const sent = await json<BroadcastResult>('POST', '/api/admin/broadcast/notifications', {
      title: '  Nouvelle fonctionnalité  ',
      message: 'Les devis en ligne sont disponibles.',
      notification_type: 'system',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.recipients).toBe(expected.length);
    const copies = await ctx.db
      .selectFrom('notifications')
      .select(['user_id', 'created_by'])
      .where('broadcast_id', 'is not', null)
      .orderBy('user_id')
      .execute();
    expect(copies.map((copy) => copy.user_id)).toEqual(expected.map((user) => user.id));
    // The author is the broadcast's (a copy holding it would be a foreign-key check per copy).
    expect(copies.every((copy) => copy.created_by === null)).toBe(true);

    const found = await list('?search=nouvelle%20fonctionnalite&page_size=100');
    expect(found.body.count).toBe(expected.length);
    expect(found.body.results[0]).toMatchObject({
      title: 'Nouvelle fonctionnalité',
      message: 'Les devis en ligne sont disponibles.',
      created_by: { id: ctx.adminId },
    });
    expect(
      (await json('POST', '/api/admin/broadcast/notifications', { title: '', message: 'x' })).status,
    ).toBe(400);
  });

  it('keeps the counters and the text index exact through a broadcast, reads and deletions of its copies', async () => {
    const statsMatch = async () => {
      const { body } = await json<NotificationStats>('GET', '/api/admin/notifications/stats/');
      expect(body).toEqual({
        total_notifications: await countRows(),
        unread_notifications: await countRows({ is_read: false }),
      });
      const systemUnread = await list('?notification_type=system&is_read=false');
      expect(systemUnread.body.count).toBe(await countRows({ is_read: false, type: 'system' }));
    };
    await json('POST', '/api/admin/broadcast/notifications', {
      title: 'Contrôle des compteurs',
      message: 'Diffusion de vérification.',
      notification_type: 'system',
    });
    await statsMatch();
    const copies = await ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('broadcast_id', 'is not', null)
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    const [read, removed, edited] = copies.map((copy) => copy.id) as [number, number, number];
    await json('PATCH', `/api/admin/notifications/${read}/mark_read/`);
    await json('DELETE', `/api/admin/notifications/${removed}/`);
    await json('PATCH', `/api/admin/notifications/${edited}/`, {
      title: 'Copie reformulée',
      notification_type: 'review',
    });
    await statsMatch();
    const reworded = (await list('?search=copie%20reformulee')).body;
    expect(titles(reworded)).toEqual(['Copie reformulée']);
    // Leaving its broadcast, the copy keeps the broadcast's author as its own.
    expect(reworded.results[0]?.created_by?.id).toBe(ctx.adminId);
    const own = await ctx.db
      .selectFrom('notifications')
      .select(['created_by', 'broadcast_id'])
      .where('id', '=', edited)
      .executeTakeFirstOrThrow();
    expect(own).toEqual({ created_by: ctx.adminId, broadcast_id: null });
    // A copy still in the broadcast answers the broadcast's author too.
    const readCopy = await json<{ created_by: { id: number; name: string } | null }>(
      'GET',
      `/api/admin/notifications/${read}/`,
    );
    expect(readCopy.body.created_by?.id).toBe(ctx.adminId);
    const stillCopies = await ctx.db
      .selectFrom('notifications as n')
      .innerJoin('notification_broadcasts as b', 'b.id', 'n.broadcast_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('b.title', '=', 'Contrôle des compteurs')
      .executeTakeFirstOrThrow();
    expect((await list('?search=controle%20des%20compteurs&page_size=100')).body.count).toBe(
      Number(stillCopies.n),
    );
    if (ctx.dialect === 'sqlite') {
      // FTS5 checks its index against the notifications table: a copy never entered it.
      await sql`insert into notifications_fts (notifications_fts) values ('integrity-check')`.execute(ctx.db);
    }
  });

  it("keeps the counters and their deep pages' rollups exact when admins mark, delete and broadcast at once", async () => {
    const types = ['system', 'review', 'new_offer'] as const;
    const ids: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      ids.push(
        await insertNotificationRow(ctx.db, {
          user_id: index % 2 === 0 ? ana : bruno,
          title: `Concurrence ${index}`,
          notification_type: types[index % 3],
          created_at: index % 2 === 0 ? '2026-10-31T23:30:00.000Z' : '2026-11-01T00:30:00.000Z',
        }),
      );
    }
    // Overlapping selections in opposite orders (PostgreSQL: counter rows locked in two orders, a
    // deadlock retried), beside a broadcast's one upsert and a deletion; two admins, each one's bulk
    // actions being limited to two at a time.
    const other = {
      token: await ctx.app.tokens.sign(await insertUser(ctx.db, { role: 'admin', username: 'diffuseur' })),
    };
    const answers = await Promise.all([
      ctx.request('POST', '/api/admin/notifications/bulk_mark_read/', { notification_ids: ids.slice(0, 8) }),
      ctx.request(
        'POST',
        '/api/admin/notifications/bulk_mark_read/',
        { notification_ids: ids.slice(4, 11).reverse() },
        other,
      ),
      ctx.request(
        'POST',
        '/api/admin/broadcast/notifications',
        { title: 'Concurrence', message: 'Diffusion pendant les lectures.', notification_type: 'review' },
        other,
      ),
      ctx.request('DELETE', `/api/admin/notifications/${ids[11]}/`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 201, 204]);
    const rows = await ctx.db
      .selectFrom('notifications')
      .select(['is_read', 'notification_type', 'created_at'])
      .execute();
    const expected = new Map<string, number>();
    const add = (key: string) => expected.set(key, (expected.get(key) ?? 0) + 1);
    for (const row of rows) {
      const created = new Date(String(row.created_at)).toISOString();
      const read = row.is_read ? '1' : '0';
      add(`notifications:${read}|${row.notification_type}`);
      add(`notifications_month:${read}|${row.notification_type}|${created.slice(0, 7)}`);
      add(`notifications_day:${created.slice(0, 10)}|${read}|${row.notification_type}`);
      add(`notifications_read_day:${created.slice(0, 10)}|${read}`);
    }
    const kept = await ctx.db
      .selectFrom('list_counters')
      .select(['list', 'bucket', 'n'])
      .where('list', 'in', [
        'notifications',
        'notifications_month',
        'notifications_day',
        'notifications_read_day',
      ])
      .execute();
    expect(
      new Map(
        kept.filter((row) => Number(row.n) !== 0).map((row) => [`${row.list}:${row.bucket}`, Number(row.n)]),
      ),
    ).toEqual(expected);
  });

  it('keeps the broadcast audience exact when users are added, deactivated, deleted or change role', async () => {
    const audience = async () =>
      (await json<{ recipients: number }>('GET', '/api/admin/broadcast/audience/')).body.recipients;
    const before = await audience();
    const user = await insertUser(ctx.db, { first_name: 'Compté' });
    expect(await audience()).toBe(before + 1);
    await ctx.db.updateTable('users').set({ is_active: false }).where('id', '=', user).execute();
    expect(await audience()).toBe(before);
    await ctx.db
      .updateTable('users')
      .set({ is_active: true, role: 'admin' })
      .where('id', '=', user)
      .execute();
    expect(await audience()).toBe(before);
    await ctx.db.updateTable('users').set({ role: 'provider' }).where('id', '=', user).execute();
    expect(await audience()).toBe(before + 1);
    await ctx.db
      .updateTable('users')
      .set({ deleted_at: at(now) })
      .where('id', '=', user)
      .execute();
    expect(await audience()).toBe(before);
  });

  it('records each write in the audit journal, in its transaction, and nothing for a refused one', async () => {
    const id = await insertNotificationRow(ctx.db, { user_id: ana, title: 'À journaliser', priority: 'low' });
    let mark = await lastAuditId(ctx.db);
    await json('PATCH', `/api/admin/notifications/${id}/mark_read/`);
    const [read] = await auditEntriesAfter(ctx.db, mark);
    expect(read).toMatchObject({
      action: 'notification.mark_read',
      admin: { id: ctx.adminId },
      object: { type: 'notification', id, label: 'À journaliser → ana.kaputo@example.ao' },
      changes: [{ field: 'is_read', before: false, after: true }],
    });

    mark = await lastAuditId(ctx.db);
    await json('DELETE', `/api/admin/notifications/${id}/`);
    const [removed, ...others] = await auditEntriesAfter(ctx.db, mark);
    expect(others).toEqual([]);
    expect(removed?.action).toBe('notification.delete');
    expect(removed?.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', before: 'À journaliser', after: null },
        { field: 'priority', before: 'low', after: null },
      ]),
    );

    mark = await lastAuditId(ctx.db);
    expect((await json('DELETE', `/api/admin/notifications/${id}/`)).status).toBe(404);
    expect(
      (await json('POST', '/api/admin/notifications/bulk_delete/', { notification_ids: [999_999] })).status,
    ).toBe(404);
    expect(await auditEntriesAfter(ctx.db, mark)).toEqual([]);

    const sent = await json<Notification>('POST', '/api/admin/notifications/send/', {
      user_id: bruno,
      title: 'Bienvenue',
      message: 'Merci !',
    });
    const created = (await auditEntriesAfter(ctx.db, mark)).find(
      (entry) => entry.action === 'notification.create',
    );
    expect(created?.object).toMatchObject({ type: 'notification', id: sent.body.id });
    expect(created?.changes).toEqual(
      expect.arrayContaining([{ field: 'title', before: null, after: 'Bienvenue' }]),
    );

    mark = await lastAuditId(ctx.db);
    const broadcast = await json<BroadcastResult>('POST', '/api/admin/broadcast/notifications', {
      title: 'Journal de diffusion',
      message: 'Une seule entrée.',
    });
    const entries = await auditEntriesAfter(ctx.db, mark);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'notification.broadcast',
      object: null,
      details: { title: 'Journal de diffusion', recipients: broadcast.body.recipients },
    });
  });

  it('refuses the routes without a token', async () => {
    const response = await ctx.request('GET', '/api/admin/notifications/', undefined, { token: null });
    expect(response.statusCode).toBe(401);
  });
});
