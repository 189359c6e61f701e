import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertNotificationRow } from '../modules/notifications/notifications.factories.js';
import { insertCategory } from '../modules/projects/projects.factories.js';
import {
  hoursAgo,
  insertClientVerification,
  insertProviderVerification,
} from '../modules/verifications/verifications.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { keptResponseStats } from './kept-responses.js';

/*
 * A list's answer kept while the tables it read are unchanged (plugins/kept-responses.ts), on both
 * databases; every write, the API's or another process's, is seen at the next request.
 */

describe('answers of the lists kept while their tables are unchanged', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const name of ['Ana Kilamba', 'Bruno Kilamba', 'Carla Cazenga']) {
      const [first_name, last_name] = name.split(' ');
      await insertUser(ctx.db, {
        first_name,
        last_name,
        username: name.toLowerCase().replace(' ', '.'),
        email: `${name.toLowerCase().replace(' ', '.')}@kwanza.test`,
      });
    }
  }, 60_000);
  afterAll(() => ctx.close());

  const served = () => keptResponseStats(ctx.app).served;
  const get = async (url: string, token?: string) => {
    const response = await ctx.request('GET', url, undefined, token === undefined ? {} : { token });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('answers a list again from what it kept, the same bytes', async () => {
    const first = await get('/api/users/?search=kilamba');
    const before = served();
    const second = await get('/api/users/?search=kilamba');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(served() - before).toBe(1);
    expect(first.json().count).toBe(2);
    // Another URL is another answer.
    await get('/api/users/?search=cazenga');
    expect(served() - before).toBe(1);
  });

  it('shows an admin their own change at once', async () => {
    const url = '/api/categories/';
    await get(url);
    await get(url);
    const created = await ctx.request('POST', url, {
      name: 'Menuiserie fine',
      description: null,
      icon: null,
      image_url: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await get(url);
    const names = (after.json() as Array<{ name: string }>).map((row) => row.name);
    expect(names).toContain('Menuiserie fine');
  });

  it('sees a write made outside the API (another process, the marketplace) at the next request', async () => {
    const url = '/api/users/?search=cazenga';
    const before = (await get(url)).json() as { results: Array<{ first_name: string }> };
    expect(before.results.map((row) => row.first_name)).toEqual(['Carla']);
    await get(url);
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Carolina' })
      .where('last_name', '=', 'Cazenga')
      .execute();
    const after = (await get(url)).json() as { results: Array<{ first_name: string }> };
    expect(after.results.map((row) => row.first_name)).toEqual(['Carolina']);
    // A change to the kept counters' source: the unfiltered count moves too.
    const counted = (await get('/api/users/')).json() as { count: number };
    await get('/api/users/');
    await insertUser(ctx.db, { username: 'nouveau.membre', email: 'nouveau.membre@kwanza.test' });
    expect(((await get('/api/users/')).json() as { count: number }).count).toBe(counted.count + 1);
  });

  it('never serves an answer older than a write committed before the request, under concurrent requests', async () => {
    // Three admins' consoles polling while the marketplace writes: each answer must hold every write
    // committed before its request started, whether it was computed or served from what was kept.
    const url = '/api/categories/';
    const committed: string[] = [];
    const missing: string[] = [];
    const before = served();
    const poll = async () => {
      for (let round = 0; round < 25; round += 1) {
        const known = [...committed];
        const names = new Set(((await get(url)).json() as Array<{ name: string }>).map((row) => row.name));
        for (const name of known) if (!names.has(name)) missing.push(name);
      }
    };
    const write = async () => {
      for (let index = 0; index < 12; index += 1) {
        const name = `Concurrente ${index}`;
        await insertCategory(ctx.db, name);
        committed.push(name);
      }
    };
    await Promise.all([poll(), poll(), poll(), write()]);
    expect(missing).toEqual([]);
    // Some answers were served from what was kept meanwhile, and the last one holds every write.
    expect(served()).toBeGreaterThan(before);
    const names = ((await get(url)).json() as Array<{ name: string }>).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(committed));
  });

  it('keeps each admin’s answer apart', async () => {
    const other = await insertUser(ctx.db, {
      role: 'admin',
      username: 'second.admin',
      email: 'second.admin@kwanza.test',
    });
    const token = await ctx.app.tokens.sign(other, 'admin');
    await get('/api/admin/notifications/');
    const before = served();
    await get('/api/admin/notifications/', token);
    expect(served()).toBe(before);
    await get('/api/admin/notifications/', token);
    expect(served() - before).toBe(1);
  });

  it('serves a verification page until its first pending row turns urgent by the clock', async () => {
    const urgentHours = ctx.config.verificationUrgentHours;
    // Urgent in one minute; the one after it in two.
    const provider = await insertProviderVerification(ctx.db, {
      submitted_at: hoursAgo(urgentHours - 1 / 60),
    });
    const client = await insertClientVerification(ctx.db, { submitted_at: hoursAgo(urgentHours - 2 / 60) });
    const urgencyOf = async (url: string, id: number) => {
      const page = (await get(url)).json() as { results: Array<{ id: number; is_urgent: boolean }> };
      return page.results.find((row) => row.id === id)?.is_urgent;
    };
    const pages = [
      ['/api/admin/provider-verification/', provider],
      ['/api/admin/provider-verification/pending/', provider],
      ['/api/admin/client-verification/', client],
    ] as const;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (const [url, id] of pages) expect(await urgencyOf(url, id)).toBe(false);
      const before = served();
      for (const [url, id] of pages) expect(await urgencyOf(url, id)).toBe(false);
      expect(served() - before).toBe(pages.length);
      vi.setSystemTime(Date.now() + 90 * 1000);
      expect(await urgencyOf(pages[0][0], provider)).toBe(true);
      expect(await urgencyOf(pages[1][0], provider)).toBe(true);
      expect(await urgencyOf(pages[2][0], client)).toBe(false);
      vi.setSystemTime(Date.now() + 60 * 1000);
      expect(await urgencyOf(pages[2][0], client)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the dashboard, project and dispute statistics until the next month starts', async () => {
    const start = Date.UTC(2026, 10, 30, 23, 59, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      // A session opened at that time.
      const token = await ctx.app.tokens.sign(ctx.adminId, 'admin');
      const months = async (url: string, key: 'monthly_stats' | 'monthly' | 'user_registrations') =>
        ((await get(url, token)).json() as Record<string, Array<{ month: string }>>)[key]?.map(
          (row) => row.month,
        );
      const stats = [
        ['/api/admin/dashboard/stats/', 'user_registrations'],
        ['/api/admin/projects/stats/', 'monthly_stats'],
        ['/api/disputes/stats/', 'monthly'],
      ] as const;
      for (const [url, key] of stats) expect((await months(url, key))?.at(-1)).toBe('2026-11');
      const before = served();
      for (const [url, key] of stats) expect((await months(url, key))?.at(-1)).toBe('2026-11');
      expect(served() - before).toBe(stats.length);
      vi.setSystemTime(start + 2 * 60 * 1000);
      for (const [url, key] of stats) expect((await months(url, key))?.at(-1)).toBe('2026-12');
      expect(served() - before).toBe(stats.length);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the bell’s count and the notifications’ statistics until a notification or the admin’s preferences change', async () => {
    await insertNotificationRow(ctx.db, {
      user_id: ctx.adminId,
      notification_type: 'new_dispute',
      is_read: false,
    });
    const unread = async () =>
      ((await get('/api/admin/notifications/unread_count/')).json() as { unread_count: number }).unread_count;
    const stats = async () =>
      ((await get('/api/admin/notifications/stats/')).json() as { unread_notifications: number })
        .unread_notifications;
    const [count, unreadAll] = [await unread(), await stats()];
    expect(count).toBeGreaterThan(0);
    const before = served();
    expect([await unread(), await stats()]).toEqual([count, unreadAll]);
    expect(served() - before).toBe(2);
    // Disputes hidden from the bell: its count drops at once.
    const preferences = (await get('/api/auth/me/preferences/')).json() as {
      notifications: Record<string, boolean>;
      application: Record<string, string>;
    };
    const saved = await ctx.request('PUT', '/api/auth/me/preferences/', {
      ...preferences,
      notifications: { ...preferences.notifications, new_disputes: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await unread()).toBe(count - 1);
    // A notification written outside the API counts at once.
    await insertNotificationRow(ctx.db, {
      user_id: ctx.adminId,
      notification_type: 'system',
      is_read: false,
    });
    expect([await unread(), await stats()]).toEqual([count, unreadAll + 1]);
  });
});
