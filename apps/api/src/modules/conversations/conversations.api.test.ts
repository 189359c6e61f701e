import type {
  AdminConversation,
  AdminConversationPage,
  ConversationMessage,
  ConversationMessageList,
  ConversationStats,
  ErrorBody,
} from '@kwanza/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInTransaction } from '../../db/transaction.js';
import { insertUser } from '../../test/factories.js';
import { recordingStatements } from '../../test/statement-recorder.js';
import { createTestContext, type RequestMethod, type TestContext } from '../../test/test-context.js';
import { insertConversation, insertMessage } from './conversations.factories.js';
import { listMessages } from './conversations.repository.js';
import { expectSummariesExact } from './summaries.test-support.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('conversations API: list, filters, stats, moderation', () => {
  let ctx: TestContext;
  let ana: number;
  let bruno: number;
  let celia: number;
  let dario: number;

  const send = (method: RequestMethod, url: string, payload?: object) => ctx.request(method, url, payload);

  async function list(query = ''): Promise<AdminConversationPage> {
    const response = await send('GET', `/api/admin/conversations/${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminConversationPage>();
  }

  const ids = (page: AdminConversationPage) => page.results.map((item) => item.id);

  async function thread(id: number): Promise<ConversationMessageList> {
    const response = await send('GET', `/api/admin/conversations/${id}/messages/`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ConversationMessageList>();
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    ana = await insertUser(ctx.db, {
      first_name: 'Ána',
      last_name: 'Kaputo',
      email: 'ana.kaputo@mail.test',
      role: 'client',
    });
    bruno = await insertUser(ctx.db, {
      first_name: 'Bruno',
      last_name: 'Mendes',
      email: 'bruno@atelier.test',
      role: 'provider',
    });
    celia = await insertUser(ctx.db, {
      first_name: 'Célia',
      last_name: 'Neto',
      email: 'celia@mail.test',
      role: 'client',
    });
    dario = await insertUser(ctx.db, {
      first_name: 'Dário',
      last_name: 'Lopes',
      email: 'dario@services.test',
      role: 'provider',
    });
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    await ctx.db.deleteFrom('notifications').execute();
    await ctx.db.deleteFrom('messages').execute();
    await ctx.db.deleteFrom('conversations').execute();
  });

  it('lists conversations by last activity with parties, counts, duration and last message', async () => {
    const older = await insertConversation(ctx.db, {
      client_id: ana,
      provider_id: bruno,
      created_at: ago(3 * DAY),
    });
    await insertMessage(ctx.db, {
      conversation_id: older,
      sender_id: ana,
      content: 'Premier',
      created_at: ago(3 * DAY),
      team_read_at: ago(DAY),
    });
    await insertMessage(ctx.db, {
      conversation_id: older,
      sender_id: bruno,
      sender_type: 'provider',
      content: 'Réponse',
      created_at: ago(2 * DAY),
    });
    const newer = await insertConversation(ctx.db, {
      client_id: celia,
      provider_id: dario,
      created_at: ago(DAY),
    });
    await insertMessage(ctx.db, { conversation_id: newer, sender_id: celia, created_at: ago(5 * MINUTE) });
    const empty = await insertConversation(ctx.db, {
      client_id: ana,
      provider_id: dario,
      created_at: ago(DAY / 2),
    });

    const page = await list();
    expect(page.count).toBe(3);
    expect(ids(page)).toEqual([newer, empty, older]);
    const first = page.results.find((item) => item.id === older);
    expect(first).toMatchObject({
      status: 'active',
      client: { id: ana, full_name: 'Ána Kaputo', email: 'ana.kaputo@mail.test' },
      provider: { id: bruno, full_name: 'Bruno Mendes', email: 'bruno@atelier.test' },
      unread_messages: 1,
      total_messages: 2,
      duration: '1 jour',
      last_message: { sender_type: 'provider', sender_name: 'Bruno Mendes', content: 'Réponse' },
    });
    expect(page.results.find((item) => item.id === empty)).toMatchObject({
      total_messages: 0,
      unread_messages: 0,
      last_message: null,
      duration: 'Moins d’une minute',
    });
    expect((await list('?page_size=2&page=2')).results.map((item) => item.id)).toEqual([older]);
    await expectSummariesExact(ctx.db);
  });

  it('searches client or provider name or e-mail ignoring case and accents, and filters', async () => {
    const first = await insertConversation(ctx.db, { client_id: ana, provider_id: bruno });
    const second = await insertConversation(ctx.db, { client_id: celia, provider_id: dario });
    await insertMessage(ctx.db, { conversation_id: second, sender_id: celia });
    await insertMessage(ctx.db, { conversation_id: first, sender_id: ana, team_read_at: ago(0) });

    expect(ids(await list('?search=ANA'))).toEqual([first]);
    expect(ids(await list('?search=kaputo'))).toEqual([first]);
    expect(ids(await list('?search=dario'))).toEqual([second]);
    expect(ids(await list('?search=atelier.test'))).toEqual([first]);
    expect(ids(await list('?search=celia%40mail'))).toEqual([second]);
    expect((await list('?search=personne')).count).toBe(0);

    expect(ids(await list('?has_unread=true'))).toEqual([second]);
    expect((await list('?has_unread=true')).count).toBe(1);
    expect(ids(await list('?has_unread=false'))).toEqual([first]);
    expect((await list('?has_unread=false')).count).toBe(1);
    expect(ids(await list(`?client=${ana}`))).toEqual([first]);
    expect(ids(await list(`?provider=${dario}`))).toEqual([second]);
    expect(ids(await list(`?client=${ana}&provider=${dario}`))).toEqual([]);
    expect(ids(await list('?has_unread=&period=&search='))).toHaveLength(2);

    for (const bad of ['?period=year', '?has_unread=peut-etre', '?client=abc', '?page=0']) {
      const response = await send('GET', `/api/admin/conversations/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<ErrorBody>().detail).toMatch(/^Requête invalide/);
    }
  });

  it('filters periods by last activity at their boundaries', async () => {
    const at = async (iso: string) => {
      const id = await insertConversation(ctx.db, {
        client_id: ana,
        provider_id: bruno,
        created_at: ago(60 * DAY),
      });
      await insertMessage(ctx.db, { conversation_id: id, sender_id: ana, created_at: iso });
      return id;
    };
    const weekIn = await at(ago(7 * DAY - MINUTE));
    const weekOut = await at(ago(7 * DAY + MINUTE));
    const monthIn = await at(ago(30 * DAY - MINUTE));
    const monthOut = await at(ago(30 * DAY + MINUTE));
    // Midnight in Luanda (UTC+1 all year), computed from the calendar date there.
    const luandaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Luanda' }).format(new Date());
    const midnight = Date.parse(`${luandaDate}T00:00:00+01:00`);
    const todayIn = await at(new Date(midnight).toISOString());
    const todayOut = await at(new Date(midnight - 1000).toISOString());

    const today = ids(await list('?period=today'));
    expect(today).toContain(todayIn);
    expect(today).not.toContain(todayOut);
    expect(today).not.toContain(weekIn);
    const week = ids(await list('?period=week&page_size=100'));
    expect(week).toEqual(expect.arrayContaining([weekIn, todayIn]));
    expect(week).not.toContain(weekOut);
    const month = await list('?period=month&page_size=100');
    expect(ids(month)).toEqual(expect.arrayContaining([weekIn, weekOut, monthIn, todayIn, todayOut]));
    expect(ids(month)).not.toContain(monthOut);
    expect(month.count).toBe(5);
  });

  it('counts a period from its whole days and its first day, read or not, as conversations move', async () => {
    const offsets = [
      30 * DAY + MINUTE,
      30 * DAY - MINUTE,
      7 * DAY + 2 * 60 * MINUTE,
      7 * DAY + MINUTE,
      7 * DAY - MINUTE,
      7 * DAY - 2 * 60 * MINUTE,
      3 * DAY,
      DAY / 2,
      MINUTE,
    ];
    const conversations: number[] = [];
    for (const [index, offset] of offsets.entries()) {
      const id = await insertConversation(ctx.db, {
        client_id: ana,
        provider_id: bruno,
        created_at: ago(60 * DAY),
      });
      // Every other conversation read by the team.
      await insertMessage(ctx.db, {
        conversation_id: id,
        sender_id: ana,
        created_at: ago(offset),
        team_read_at: index % 2 === 0 ? ago(0) : null,
      });
      conversations.push(id);
    }
    const expectCountsAgree = async () => {
      for (const period of ['today', 'week', 'month']) {
        for (const unread of ['', 'true', 'false']) {
          const page = await list(`?period=${period}&has_unread=${unread}&page_size=100`);
          expect(page.count, `${period} ${unread}`).toBe(page.results.length);
          expect(page.count_capped).not.toBe(true);
        }
      }
      await expectSummariesExact(ctx.db);
    };
    await expectCountsAgree();
    expect((await list('?period=week')).count).toBe(5);
    expect((await list('?period=month&has_unread=false')).count).toBe(4);

    // The oldest comes into every period; the latest message of another is deleted, moving it back.
    await insertMessage(ctx.db, { conversation_id: conversations[0] ?? 0, sender_id: ana });
    const newest = await insertMessage(ctx.db, { conversation_id: conversations[6] ?? 0, sender_id: ana });
    await expectCountsAgree();
    await send('DELETE', `/api/admin/messages/${newest}/delete/`);
    await send('POST', `/api/admin/conversations/${conversations[1]}/mark_all_read/`);
    await ctx.db
      .deleteFrom('messages')
      .where('conversation_id', '=', conversations[2] ?? 0)
      .execute();
    await ctx.db
      .deleteFrom('conversations')
      .where('id', '=', conversations[2] ?? 0)
      .execute();
    await expectCountsAgree();
    expect((await list('?period=week')).count).toBe(6);
  });

  it('answers statistics that agree with independent counts', async () => {
    const recent = await insertConversation(ctx.db, {
      client_id: ana,
      provider_id: bruno,
      created_at: ago(2 * DAY),
    });
    await insertMessage(ctx.db, { conversation_id: recent, sender_id: ana, created_at: ago(60 * MINUTE) });
    await insertMessage(ctx.db, {
      conversation_id: recent,
      sender_id: ana,
      created_at: ago(50 * MINUTE),
      deleted_at: ago(10 * MINUTE),
    });
    const old = await insertConversation(ctx.db, {
      client_id: celia,
      provider_id: dario,
      created_at: ago(5 * DAY),
    });
    await insertMessage(ctx.db, {
      conversation_id: old,
      sender_id: dario,
      sender_type: 'provider',
      created_at: ago(4 * DAY),
      team_read_at: ago(3 * DAY),
    });
    await insertMessage(ctx.db, {
      conversation_id: old,
      sender_id: ctx.adminId,
      sender_type: 'admin',
      created_at: ago(3 * DAY),
    });
    await insertConversation(ctx.db, { client_id: ana, provider_id: dario, created_at: ago(2 * MINUTE) });

    const response = await send('GET', '/api/admin/conversations/stats/');
    expect(response.statusCode).toBe(200);
    const conversations = await ctx.db.selectFrom('conversations').selectAll().execute();
    const messages = await ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('deleted_at', 'is', null)
      .execute();
    const since = Date.now() - DAY;
    const lastActivity = (id: number, createdAt: string) =>
      Math.max(
        ...messages.filter((m) => m.conversation_id === id).map((m) => Date.parse(m.created_at)),
        messages.some((m) => m.conversation_id === id) ? 0 : Date.parse(createdAt),
      );
    expect(response.json<ConversationStats>()).toEqual({
      total_conversations: conversations.length,
      conversations_with_unread: new Set(
        messages
          .filter((m) => m.team_read_at === null && m.sender_type !== 'admin')
          .map((m) => m.conversation_id),
      ).size,
      recent_conversations: conversations.filter((c) => lastActivity(c.id, c.created_at) >= since).length,
      total_messages: messages.length,
    });
    expect(response.json<ConversationStats>()).toEqual({
      total_conversations: 3,
      conversations_with_unread: 1,
      recent_conversations: 2,
      total_messages: 3,
    });
  });

  it('marks conversations read in bulk for the team only, all or nothing', async () => {
    const first = await insertConversation(ctx.db, { client_id: ana, provider_id: bruno });
    const second = await insertConversation(ctx.db, { client_id: celia, provider_id: dario });
    const third = await insertConversation(ctx.db, { client_id: ana, provider_id: dario });
    for (const id of [first, second, third]) {
      await insertMessage(ctx.db, { conversation_id: id, sender_id: ana });
      await insertMessage(ctx.db, { conversation_id: id, sender_id: bruno, sender_type: 'provider' });
    }

    for (const payload of [{ conversation_ids: [] }, {}]) {
      const empty = await send('POST', '/api/admin/conversations/bulk-mark-read/', payload);
      expect(empty.statusCode).toBe(400);
      expect(empty.json<ErrorBody>().detail).toBe('Au moins une conversation doit être sélectionnée');
    }
    const missing = await send('POST', '/api/admin/conversations/bulk-mark-read/', {
      conversation_ids: [first, 999_999],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>().detail).toContain('999999');
    expect((await list('?has_unread=true')).count).toBe(3);

    const done = await send('POST', '/api/admin/conversations/bulk-mark-read/', {
      conversation_ids: [first, second, first],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ marked_messages: 4 });
    expect(ids(await list('?has_unread=true'))).toEqual([third]);
    // The recipients' read marks are untouched.
    const recipientRead = await ctx.db.selectFrom('messages').select('is_read').execute();
    expect(recipientRead.every((row) => row.is_read === false)).toBe(true);
    expect((await thread(first)).every((message) => message.is_read)).toBe(true);

    const all = await send('POST', `/api/admin/conversations/${third}/mark_all_read/`);
    expect(all.json()).toEqual({ marked_messages: 2 });
    expect((await list('?has_unread=true')).count).toBe(0);
    expect((await send('POST', '/api/admin/conversations/999999/mark_all_read/')).statusCode).toBe(404);
    await expectSummariesExact(ctx.db);
  });

  it('shows a conversation and its thread oldest first, 404 and 400 otherwise', async () => {
    const id = await insertConversation(ctx.db, { client_id: ana, provider_id: bruno });
    const late = await insertMessage(ctx.db, {
      conversation_id: id,
      sender_id: ana,
      created_at: ago(MINUTE),
    });
    const early = await insertMessage(ctx.db, {
      conversation_id: id,
      sender_id: bruno,
      sender_type: 'provider',
      content: '<script>alert(1)</script>',
      created_at: ago(2 * 60 * MINUTE),
      team_read_at: ago(0),
    });
    const detail = await send('GET', `/api/admin/conversations/${id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<AdminConversation>()).toMatchObject({ id, total_messages: 2, unread_messages: 1 });
    const messages = await thread(id);
    expect(messages.map((message) => message.id)).toEqual([early, late]);
    expect(messages[0]).toMatchObject({
      sender_type: 'provider',
      sender_name: 'Bruno Mendes',
      content: '<script>alert(1)</script>',
      is_read: true,
      is_admin_message: false,
      time_ago: 'Il y a 2h',
    });
    expect(messages[1]).toMatchObject({ is_read: false, time_ago: 'Il y a 1 min' });
    expect((await send('GET', '/api/admin/conversations/999999/')).json<ErrorBody>().detail).toBe(
      'Conversation introuvable.',
    );
    expect((await send('GET', '/api/admin/conversations/999999/messages/')).statusCode).toBe(404);
    // The thread and the reference its audit entry names (which tells that the conversation exists):
    // two statements, sent together.
    const { db: recording, statements } = recordingStatements(ctx.db);
    const read = await listMessages(recording, id);
    expect(statements).toHaveLength(2);
    expect(read.messages.map((message) => message.id)).toEqual([early, late]);
    expect(read.conversation).toMatchObject({ type: 'conversation', id, label: 'Ána Kaputo ↔ Bruno Mendes' });
    expect((await send('GET', '/api/admin/conversations/abc/')).statusCode).toBe(400);
  });

  it('writes admin messages: trimmed, not empty, bounded, notifying both parties', async () => {
    const id = await insertConversation(ctx.db, { client_id: ana, provider_id: bruno });
    await insertMessage(ctx.db, { conversation_id: id, sender_id: ana, created_at: ago(MINUTE) });
    const admin = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', ctx.adminId)
      .executeTakeFirstOrThrow();

    const created = await send('POST', `/api/admin/conversations/${id}/add_admin_message/`, {
      content: '  Merci de rester courtois.  ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const message = created.json<ConversationMessage>();
    expect(message).toMatchObject({
      sender_type: 'admin',
      sender_name: `${admin.first_name} ${admin.last_name}`.trim() || admin.username,
      content: 'Merci de rester courtois.',
      is_admin_message: true,
      is_read: true,
      time_ago: 'À l’instant',
    });
    expect((await thread(id)).at(-1)?.id).toBe(message.id);
    const item = (await list()).results[0];
    expect(item).toMatchObject({
      id,
      total_messages: 2,
      unread_messages: 1,
      last_message: { sender_type: 'admin', content: 'Merci de rester courtois.' },
    });

    const notifications = await ctx.db.selectFrom('notifications').selectAll().orderBy('user_id').execute();
    expect(notifications.map((row) => row.user_id).sort()).toEqual([ana, bruno].sort());
    for (const row of notifications) {
      expect(row).toMatchObject({ notification_type: 'message', is_read: false, created_by: ctx.adminId });
      expect(row.message).toContain('Merci de rester courtois.');
    }

    for (const content of ['', '   \n ']) {
      const empty = await send('POST', `/api/admin/conversations/${id}/add_admin_message/`, { content });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<ErrorBody>().detail).toBe('Le message ne peut pas être vide');
    }
    const tooLong = await send('POST', `/api/admin/conversations/${id}/add_admin_message/`, {
      content: 'a'.repeat(5001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ErrorBody>().detail).toContain('Le message ne peut pas dépasser 5000 caractères');
    const exact = await send('POST', `/api/admin/conversations/${id}/add_admin_message/`, {
      content: ` ${'a'.repeat(5000)} `,
    });
    expect(exact.statusCode).toBe(201);
    expect(
      (await send('POST', '/api/admin/conversations/999999/add_admin_message/', { content: 'x' })).statusCode,
    ).toBe(404);
    expect(await ctx.db.selectFrom('notifications').select('id').execute()).toHaveLength(4);
    await expectSummariesExact(ctx.db);
  });

  it('deletes only clients’ and providers’ messages, keeping them for the record', async () => {
    const id = await insertConversation(ctx.db, { client_id: ana, provider_id: bruno });
    const first = await insertMessage(ctx.db, {
      conversation_id: id,
      sender_id: ana,
      created_at: ago(3 * MINUTE),
    });
    const adminMessage = await insertMessage(ctx.db, {
      conversation_id: id,
      sender_id: ctx.adminId,
      sender_type: 'admin',
      team_read_at: ago(2 * MINUTE),
      created_at: ago(2 * MINUTE),
    });
    const last = await insertMessage(ctx.db, {
      conversation_id: id,
      sender_id: bruno,
      sender_type: 'provider',
      content: 'Insulte',
      created_at: ago(MINUTE),
    });

    const refused = await send('DELETE', `/api/admin/messages/${adminMessage}/delete/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().detail).toBe(
      'Les messages des administrateurs ne peuvent pas être supprimés.',
    );

    const deleted = await send('DELETE', `/api/admin/messages/${last}/delete/`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await thread(id)).map((message) => message.id)).toEqual([first, adminMessage]);
    const kept = await ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', last)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ content: 'Insulte', deleted_by: ctx.adminId });
    expect(kept.deleted_at).not.toBeNull();
    const item = (await list()).results[0];
    expect(item).toMatchObject({
      total_messages: 2,
      unread_messages: 1,
      last_message: { sender_type: 'admin' },
    });

    expect((await send('DELETE', `/api/admin/messages/${last}/delete/`)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/admin/messages/999999/delete/')).json<ErrorBody>().detail).toBe(
      'Message introuvable.',
    );
    expect((await send('DELETE', `/api/admin/messages/${first}/delete/`)).statusCode).toBe(204);
    expect((await list()).results[0]).toMatchObject({ total_messages: 1, unread_messages: 0 });
    await expectSummariesExact(ctx.db);
  });

  it('closes a conversation for good: no more writing, still readable and moderated', async () => {
    const id = await insertConversation(ctx.db, { client_id: ana, provider_id: bruno });
    const message = await insertMessage(ctx.db, { conversation_id: id, sender_id: ana });
    const closed = await send('POST', `/api/admin/conversations/${id}/close_conversation/`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<AdminConversation>()).toMatchObject({ id, status: 'closed' });
    expect(closed.json<AdminConversation>().closed_at).not.toBeNull();

    const again = await send('POST', `/api/admin/conversations/${id}/close_conversation/`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().detail).toBe('Cette conversation est déjà fermée.');
    const write = await send('POST', `/api/admin/conversations/${id}/add_admin_message/`, {
      content: 'Encore',
    });
    expect(write.statusCode).toBe(409);
    expect(write.json<ErrorBody>().detail).toBe(
      'Cette conversation est fermée : il n’est plus possible d’y écrire.',
    );
    expect((await send('POST', `/api/admin/conversations/${id}/mark_all_read/`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/admin/messages/${message}/delete/`)).statusCode).toBe(204);
    expect((await send('POST', '/api/admin/conversations/999999/close_conversation/')).statusCode).toBe(404);
  });

  describe('concurrent requests', () => {
    it('lets one of two concurrent closes win', async () => {
      const id = await insertConversation(ctx.db, { client_id: ana, provider_id: bruno });
      const answers = await Promise.all([
        send('POST', `/api/admin/conversations/${id}/close_conversation/`),
        send('POST', `/api/admin/conversations/${id}/close_conversation/`),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    });

    it('never writes an admin message after the conversation closed', async () => {
      for (let round = 0; round < 5; round += 1) {
        const id = await insertConversation(ctx.db, { client_id: ana, provider_id: bruno });
        const [write, close] = await Promise.all([
          send('POST', `/api/admin/conversations/${id}/add_admin_message/`, { content: `Tour ${round}` }),
          send('POST', `/api/admin/conversations/${id}/close_conversation/`),
        ]);
        expect(close.statusCode).toBe(200);
        expect([201, 409]).toContain(write.statusCode);
        const closedAt = close.json<AdminConversation>().closed_at ?? '';
        const written = await ctx.db
          .selectFrom('messages')
          .select('created_at')
          .where('conversation_id', '=', id)
          .execute();
        expect(written).toHaveLength(write.statusCode === 201 ? 1 : 0);
        for (const row of written)
          expect(Date.parse(row.created_at)).toBeLessThanOrEqual(Date.parse(closedAt));
      }
    });

    it('lets one of two concurrent deletes of a message win', async () => {
      const id = await insertConversation(ctx.db, { client_id: ana, provider_id: bruno });
      const message = await insertMessage(ctx.db, { conversation_id: id, sender_id: ana });
      const answers = await Promise.all([
        send('DELETE', `/api/admin/messages/${message}/delete/`),
        send('DELETE', `/api/admin/messages/${message}/delete/`),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 404]);
      await expectSummariesExact(ctx.db);
    });

    it('keeps counts exact while marks, new messages and deletes cross', async () => {
      const first = await insertConversation(ctx.db, { client_id: ana, provider_id: bruno });
      const second = await insertConversation(ctx.db, { client_id: celia, provider_id: dario });
      const messages: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        messages.push(await insertMessage(ctx.db, { conversation_id: first, sender_id: ana }));
        messages.push(await insertMessage(ctx.db, { conversation_id: second, sender_id: celia }));
      }
      await Promise.all([
        send('POST', '/api/admin/conversations/bulk-mark-read/', { conversation_ids: [first, second] }),
        send('POST', `/api/admin/conversations/${first}/add_admin_message/`, { content: 'Un' }),
        send('POST', `/api/admin/conversations/${second}/mark_all_read/`),
        send('DELETE', `/api/admin/messages/${messages[6]}/delete/`),
        send('DELETE', `/api/admin/messages/${messages[7]}/delete/`),
        // Written like the application writes: in a transaction run again after a deadlock.
        runInTransaction(ctx.db, (trx) => insertMessage(trx, { conversation_id: first, sender_id: ana })),
        runInTransaction(ctx.db, (trx) => insertMessage(trx, { conversation_id: second, sender_id: celia })),
        send('POST', `/api/admin/conversations/${second}/add_admin_message/`, { content: 'Deux' }),
      ]);
      await expectSummariesExact(ctx.db);
    });
  });
});
