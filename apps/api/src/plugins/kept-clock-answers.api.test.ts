import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertConversation } from '../modules/conversations/conversations.factories.js';
import { insertNotificationRow } from '../modules/notifications/notifications.factories.js';
import {
  insertClientVerification,
  insertProviderVerification,
} from '../modules/verifications/verifications.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { keptResponseStats } from './kept-responses.js';

/*
 * Answers that change by the clock alone, kept (both databases) until the instant they change, and
 * computed again from then on: the verification figures until a pending verification turns urgent,
 * the dashboard until the next UTC midnight, the periods until their oldest row leaves them or, for
 * today, until midnight in Luanda.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('answers kept until the clock changes them', () => {
  let ctx: TestContext;
  let client: number;
  let provider: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    client = await insertUser(ctx.db, { role: 'client', first_name: 'Ana' });
    provider = await insertUser(ctx.db, { role: 'provider', first_name: 'Rui' });
  }, 60_000);
  afterAll(() => ctx.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const served = () => keptResponseStats(ctx.app).served;
  /** The clock set at `at`, and a session opened then. */
  const clockAt = async (at: number) => {
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    return ctx.app.tokens.sign(ctx.adminId, 'admin');
  };
  /**
   * `read` gives `value` again, served from what was kept (SQLite: `answers` of them), until the
   * clock is at `at`; then `changed`.
   */
  const keptUntil = async <T>(
    read: () => Promise<T>,
    expected: { value: T; answers: number; at: number; changed: T },
  ) => {
    expect(await read()).toEqual(expected.value);
    const before = served();
    expect(await read()).toEqual(expected.value);
    expect(served() - before).toBe(expected.answers);
    vi.setSystemTime(expected.at);
    expect(await read()).toEqual(expected.changed);
  };
  const json = async <T>(url: string, token: string): Promise<T> => {
    const response = await ctx.request('GET', url, undefined, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('serves the verification statistics, the report and the dashboard until a pending verification turns urgent', async () => {
    const start = Date.now();
    const token = await clockAt(start);
    const urgentHours = ctx.config.verificationUrgentHours;
    // Urgent in one minute (a provider's), in two (a client's).
    await insertProviderVerification(ctx.db, {
      submitted_at: new Date(start - urgentHours * HOUR + MINUTE).toISOString(),
    });
    await insertClientVerification(ctx.db, {
      submitted_at: new Date(start - urgentHours * HOUR + 2 * MINUTE).toISOString(),
    });
    type Urgent = { urgent_verifications?: number; urgent?: number };
    type Dashboard = { providers: { urgent: number }; clients: { urgent: number } };
    const figures = async () => ({
      statistics: (await json<Urgent>('/api/admin/provider-verification/statistics/', token))
        .urgent_verifications,
      report: (await json<Urgent>('/api/admin/provider-verification/reports/', token)).urgent_verifications,
      clients: (await json<Urgent>('/api/admin/client-verification/stats/', token)).urgent,
      dashboard: await json<Dashboard>('/api/dashboard/', token).then((answer) => [
        answer.providers.urgent,
        answer.clients.urgent,
      ]),
    });
    await keptUntil(figures, {
      value: { statistics: 0, report: 0, clients: 0, dashboard: [0, 0] },
      answers: 4,
      at: start + 90 * 1000,
      changed: { statistics: 1, report: 1, clients: 0, dashboard: [1, 0] },
    });
    vi.setSystemTime(start + 150 * 1000);
    expect(await figures()).toEqual({ statistics: 1, report: 1, clients: 1, dashboard: [1, 1] });
  });

  it('serves the dashboard’s processed today until the next UTC midnight', async () => {
    const midnight = Date.UTC(2026, 11, 2);
    const token = await clockAt(midnight - 2 * MINUTE);
    await insertProviderVerification(ctx.db, {
      verification_status: 'verified',
      submitted_at: new Date(midnight - 3 * HOUR).toISOString(),
      verified_at: new Date(midnight - 5 * MINUTE).toISOString(),
    });
    type Dashboard = { providers: { processed_today: number } };
    const today = async () => (await json<Dashboard>('/api/dashboard/', token)).providers.processed_today;
    await keptUntil(today, { value: 1, answers: 1, at: midnight + MINUTE, changed: 0 });
  });

  it('serves a week’s notifications and conversations until their oldest row leaves the week', async () => {
    const start = Date.now();
    const token = await clockAt(start);
    // The week's oldest: out of it in one minute; another in it for a day more.
    for (const at of [start - 7 * DAY + MINUTE, start - 6 * DAY]) {
      const created_at = new Date(at).toISOString();
      await insertNotificationRow(ctx.db, { user_id: client, created_at });
      await insertConversation(ctx.db, { client_id: client, provider_id: provider, created_at });
    }
    const counts = async () => [
      (await json<{ count: number }>('/api/admin/notifications/?period=week', token)).count,
      (await json<{ count: number }>('/api/admin/conversations/?period=week', token)).count,
    ];
    const first = await counts();
    const changed = first.map((count) => count - 1);
    await keptUntil(counts, { value: first, answers: 2, at: start + 2 * MINUTE, changed });
  });

  it('serves today’s notifications until midnight in Luanda (23:00 UTC)', async () => {
    const midnight = Date.UTC(2026, 11, 3, 23);
    const token = await clockAt(midnight - 2 * MINUTE);
    await insertNotificationRow(ctx.db, {
      user_id: client,
      created_at: new Date(midnight - 30 * MINUTE).toISOString(),
    });
    const today = async () =>
      (await json<{ count: number }>('/api/admin/notifications/?period=today', token)).count;
    await keptUntil(today, { value: 1, answers: 1, at: midnight + MINUTE, changed: 0 });
  });

  it('serves the conversations’ statistics until a conversation is no longer active in the last 24 hours', async () => {
    const start = Date.now() + 30 * DAY;
    const token = await clockAt(start);
    await insertConversation(ctx.db, {
      client_id: client,
      provider_id: provider,
      created_at: new Date(start - DAY + MINUTE).toISOString(),
    });
    const recent = async () =>
      (await json<{ recent_conversations: number }>('/api/admin/conversations/stats/', token))
        .recent_conversations;
    await keptUntil(recent, { value: 1, answers: 1, at: start + 2 * MINUTE, changed: 0 });
  });

  it('serves the provider verifications of the last N days until the oldest leaves them', async () => {
    const start = Date.now() + 60 * DAY;
    const token = await clockAt(start);
    await insertProviderVerification(ctx.db, {
      verification_status: 'rejected',
      submitted_at: new Date(start - 2 * DAY + MINUTE).toISOString(),
    });
    const urls = [
      '/api/admin/provider-verification/?days=2',
      '/api/admin/provider-verification/reports/?days=2',
    ];
    const totals = async () => [
      (await json<{ count: number }>(urls[0] ?? '', token)).count,
      (await json<{ status_distribution: { total: number } }>(urls[1] ?? '', token)).status_distribution
        .total,
    ];
    await keptUntil(totals, { value: [1, 1], answers: 2, at: start + 2 * MINUTE, changed: [0, 0] });
  });
});
