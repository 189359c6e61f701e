import type { DashboardStats } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { recordingStatements } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertDispute } from '../disputes/disputes.factories.js';
import { insertOffer, insertProject } from '../projects/projects.factories.js';
import { getDashboardStats } from './dashboard.repository.js';

/** The pinned "now" of the repository tests: mid-January, so last month is in the previous year. */
const NOW = new Date('2026-01-20T09:00:00Z');

describe('dashboard statistics with a pinned clock', () => {
  let ctx: TestContext;
  let client: number;
  let provider: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    // The test admin joined "now" (real time); give it a date outside the pinned window.
    await ctx.db
      .updateTable('users')
      .set({ date_joined: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', ctx.adminId)
      .execute();

    client = await insertUser(ctx.db, {
      first_name: 'Ana',
      last_name: 'Lima',
      date_joined: '2026-01-02T10:00:00.000Z',
    });
    provider = await insertUser(ctx.db, { role: 'provider', date_joined: '2025-12-31T23:59:59.000Z' });
    await insertUser(ctx.db, { role: 'provider', date_joined: '2026-01-19T08:00:00.000Z' });
    await insertUser(ctx.db, { role: 'client', date_joined: '2025-02-01T00:00:00.000Z' }); // first of the 12 months
    await insertUser(ctx.db, { role: 'client', date_joined: '2025-01-31T23:59:59.000Z' }); // 13 months back: outside
    await insertUser(ctx.db, { role: 'client', date_joined: '2026-02-01T00:00:00.000Z' }); // next month: outside the chart
    // Soft-deleted users are never counted, neither in totals nor in registrations.
    await insertUser(ctx.db, {
      role: 'provider',
      date_joined: '2026-01-05T08:00:00.000Z',
      deleted_at: '2026-01-06T08:00:00.000Z',
    });
    await insertUser(ctx.db, {
      username: 'sans_nom',
      first_name: '',
      last_name: '',
      date_joined: '2025-12-10T08:00:00.000Z',
    });

    const projects: [string, 'open' | 'in_progress' | 'completed' | 'cancelled'][] = [
      ['2026-01-03T10:00:00.000Z', 'open'],
      ['2026-01-04T10:00:00.000Z', 'in_progress'],
      ['2026-01-05T10:00:00.000Z', 'completed'],
      ['2025-12-15T10:00:00.000Z', 'open'],
      ['2025-12-16T10:00:00.000Z', 'cancelled'],
      ['2025-06-16T10:00:00.000Z', 'open'],
      ['2026-01-06T10:00:00.000Z', 'open'],
      ['2026-01-07T10:00:00.000Z', 'open'],
    ];
    let index = 0;
    for (const [createdAt, status] of projects) {
      index += 1;
      await insertProject(ctx.db, { client_id: client, title: `P${index}`, status, created_at: createdAt });
    }
    const firstProject = await ctx.db
      .selectFrom('projects')
      .select('id')
      .where('title', '=', 'P1')
      .executeTakeFirstOrThrow();

    await insertDispute(ctx.db, {
      client_id: client,
      provider_id: provider,
      status: 'open',
      created_at: '2026-01-10T00:00:00.000Z',
    });
    await insertDispute(ctx.db, {
      client_id: client,
      provider_id: provider,
      status: 'under_review',
      created_at: '2026-01-11T00:00:00.000Z',
    });
    await insertDispute(ctx.db, {
      client_id: client,
      provider_id: provider,
      status: 'resolved',
      created_at: '2026-01-12T00:00:00.000Z',
    });
    await insertDispute(ctx.db, {
      client_id: client,
      provider_id: provider,
      status: 'open',
      created_at: '2025-12-12T00:00:00.000Z',
    });
    await insertDispute(ctx.db, {
      client_id: client,
      provider_id: provider,
      status: 'open',
      created_at: '2025-05-12T00:00:00.000Z',
    });

    const offer = { project_id: firstProject.id, provider_id: provider };
    await insertOffer(ctx.db, {
      ...offer,
      status: 'accepted',
      proposed_price: 1500.5,
      created_at: '2026-01-08T00:00:00.000Z',
    });
    await insertOffer(ctx.db, {
      ...offer,
      status: 'accepted',
      proposed_price: 2000,
      created_at: '2026-01-09T00:00:00.000Z',
    });
    await insertOffer(ctx.db, {
      ...offer,
      status: 'pending',
      proposed_price: 9999,
      created_at: '2026-01-09T00:00:00.000Z',
    });
    await insertOffer(ctx.db, {
      ...offer,
      status: 'accepted',
      proposed_price: 700,
      created_at: '2025-12-09T00:00:00.000Z',
    });
    await insertOffer(ctx.db, {
      ...offer,
      status: 'accepted',
      proposed_price: 300,
      created_at: '2025-10-09T00:00:00.000Z',
    });
  });
  afterAll(() => ctx.close());

  it('counts totals, this month and last month as defined', async () => {
    const stats = await getDashboardStats(ctx.db, NOW);
    expect(stats.totals).toEqual({ users: 8, providers: 2, projects: 8, disputes: 5, open_disputes: 4 });
    expect(stats.this_month).toEqual({ new_users: 2, active_projects: 4, open_disputes: 2, revenue: 3500.5 });
    expect(stats.last_month).toEqual({ new_users: 2, active_projects: 1, open_disputes: 1, revenue: 700 });
  });

  it('gives the 12 months of registrations ending with the current month, zeros included', async () => {
    const stats = await getDashboardStats(ctx.db, NOW);
    expect(stats.user_registrations).toEqual([
      { month: '2025-02', count: 1 },
      { month: '2025-03', count: 0 },
      { month: '2025-04', count: 0 },
      { month: '2025-05', count: 0 },
      { month: '2025-06', count: 0 },
      { month: '2025-07', count: 0 },
      { month: '2025-08', count: 0 },
      { month: '2025-09', count: 0 },
      { month: '2025-10', count: 0 },
      { month: '2025-11', count: 0 },
      { month: '2025-12', count: 2 },
      { month: '2026-01', count: 2 },
    ]);
  });

  it('lists the 5 latest projects and disputes with their client names', async () => {
    const { db: recording, statements } = recordingStatements(ctx.db);
    const stats = await getDashboardStats(recording, NOW);
    // The kept counters, then the newest rows of both kinds together: two statements.
    expect(statements).toHaveLength(2);
    const disputeTimes = stats.recent_activity.disputes.map((dispute) => dispute.created_at);
    expect(disputeTimes).toEqual([...disputeTimes].sort().reverse());
    expect(stats.recent_activity.projects.map((project) => project.title)).toEqual([
      'P8',
      'P7',
      'P3',
      'P2',
      'P1',
    ]);
    expect(stats.recent_activity.projects[0]).toMatchObject({
      client_name: 'Ana Lima',
      status: 'open',
      created_at: '2026-01-07T10:00:00.000Z',
    });
    expect(stats.recent_activity.disputes).toHaveLength(5);
    expect(stats.recent_activity.disputes[0]).toMatchObject({
      status: 'resolved',
      client_name: 'Ana Lima',
      created_at: '2026-01-12T00:00:00.000Z',
    });
  });
});

describe('GET /api/admin/dashboard/stats/', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    const now = Date.now();
    const client = await insertUser(ctx.db, { username: 'client_seul', first_name: '', last_name: '' });
    const provider = await insertUser(ctx.db, { role: 'provider' });
    await insertUser(ctx.db, { role: 'provider', deleted_at: new Date().toISOString() });
    for (let index = 0; index < 7; index += 1) {
      await insertProject(ctx.db, {
        client_id: client,
        title: `Projet ${index}`,
        status: index % 2 === 0 ? 'open' : 'completed',
        created_at: new Date(now - index * 45 * 86_400_000).toISOString(),
      });
      await insertDispute(ctx.db, {
        client_id: client,
        provider_id: provider,
        status: index % 3 === 0 ? 'open' : 'closed',
        created_at: new Date(now - index * 20 * 86_400_000).toISOString(),
      });
    }
  });
  afterAll(() => ctx.close());

  it('answers the figures of the current month that match independent counts', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/stats/',
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(200);
    const stats = response.json<DashboardStats>();

    const users = await ctx.db.selectFrom('users').select(['role', 'date_joined', 'deleted_at']).execute();
    const live = users.filter((user) => user.deleted_at === null);
    const projects = await ctx.db.selectFrom('projects').select(['status', 'created_at']).execute();
    const disputes = await ctx.db.selectFrom('disputes').select(['status', 'created_at']).execute();
    const currentMonth = new Date().toISOString().slice(0, 7);
    const monthOf = (timestamp: string) => new Date(timestamp).toISOString().slice(0, 7);

    expect(stats.totals).toEqual({
      users: live.length,
      providers: live.filter((user) => user.role === 'provider').length,
      projects: projects.length,
      disputes: disputes.length,
      open_disputes: disputes.filter(
        (dispute) => dispute.status === 'open' || dispute.status === 'under_review',
      ).length,
    });
    expect(stats.this_month.new_users).toBe(
      live.filter((user) => monthOf(user.date_joined) === currentMonth).length,
    );
    expect(stats.this_month.active_projects).toBe(
      projects.filter((project) => monthOf(project.created_at) === currentMonth && project.status === 'open')
        .length,
    );
    expect(stats.this_month.revenue).toBe(0);

    expect(stats.user_registrations).toHaveLength(12);
    expect(stats.user_registrations.at(-1)).toEqual({
      month: currentMonth,
      count: live.filter((user) => monthOf(user.date_joined) === currentMonth).length,
    });
    expect(stats.user_registrations.reduce((sum, entry) => sum + entry.count, 0)).toBe(live.length);

    expect(stats.recent_activity.projects.map((project) => project.title)).toEqual([
      'Projet 0',
      'Projet 1',
      'Projet 2',
      'Projet 3',
      'Projet 4',
    ]);
    expect(stats.recent_activity.projects[0]?.client_name).toBe('client_seul');
    expect(stats.recent_activity.disputes).toHaveLength(5);
  });

  it('requires an admin token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard/stats/' })).statusCode).toBe(
      401,
    );
  });
});
