import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProviderVerification } from '../modules/verifications/verifications.factories.js';
import { insertUser } from '../test/factories.js';
import { type PlannedRequest, runInProcesses } from '../test/processes.js';
import { createTestContext, TEST_ADMIN, TEST_JWT_SECRET, type TestContext } from '../test/test-context.js';

const PROCESSES = 4;

/*
 * Several API processes on one database (the API on every core, issue 9), each with its own
 * connection and memory, firing at the same moment (issue 16). On SQLite the processes really
 * compete for the file's write lock; on PostgreSQL for rows.
 */
describe('several API processes on one database', () => {
  let ctx: TestContext;
  let env: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestContext({
      LOGIN_MAX_FAILURES: '3',
      BULK_MAX_CONCURRENT: '1000',
      BULK_MAX_PER_MINUTE: '100000',
    });
    env = {
      DATA_DIR: ctx.config.dataDir,
      DATABASE_URL: ctx.config.databaseUrl ?? '',
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_EMAIL: TEST_ADMIN.email,
      LOG_LEVEL: 'silent',
      SEED_ON_EMPTY: 'false',
      WEB_DIST: `${ctx.config.dataDir}/no-web-dist`,
      LOGIN_MAX_FAILURES: '3',
      BULK_MAX_CONCURRENT: '1000',
      BULK_MAX_PER_MINUTE: '100000',
    };
  });
  afterAll(() => ctx.close());

  it('keeps toggles, deletions, bulk decisions and the login throttle right across processes', async () => {
    const toggled = await insertUser(ctx.db, { role: 'client', is_active: true });
    const deleted = await insertUser(ctx.db, { role: 'client' });
    const verifications: number[] = [];
    for (let index = 0; index < 24; index += 1) verifications.push(await insertProviderVerification(ctx.db));
    const authorization = ctx.auth.authorization;

    const plans: PlannedRequest[][] = Array.from({ length: PROCESSES }, (_, index) => [
      ...Array.from({ length: 15 }, () => ({
        method: 'PATCH' as const,
        url: `/api/users/${toggled}/toggle_status/`,
        authorization,
      })),
      ...Array.from({ length: 3 }, () => ({
        method: 'DELETE' as const,
        url: `/api/users/${deleted}/`,
        authorization,
      })),
      ...[0, 1].map((offset) => {
        const window = verifications.slice(offset * 6 + index * 2, offset * 6 + index * 2 + 12);
        return {
          method: 'POST' as const,
          url: '/api/admin/provider-verification/bulk-approve/',
          authorization,
          payload: { verification_ids: (index + offset) % 2 === 0 ? window : [...window].reverse() },
        };
      }),
      ...Array.from({ length: 3 }, (_, attempt) => ({
        method: 'POST' as const,
        url: '/api/auth/admin-login/',
        payload: { email: `attacker-${index}-${attempt}@kwanza.test`, password: 'guess' },
        remoteAddress: '10.99.0.1',
      })),
    ]);
    const answers = (await runInProcesses(env, plans)).flat();
    const statusesOf = (pattern: RegExp) =>
      answers
        .filter((_, position) => pattern.test(plans.flat()[position]?.url ?? ''))
        .map((answer) => answer.status);

    // No 5xx anywhere.
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);

    // 60 toggles (even): every one applied, the state is back to where it was.
    expect(statusesOf(/toggle_status/).every((status) => status === 200)).toBe(true);
    const user = await ctx.db
      .selectFrom('users')
      .select('is_active')
      .where('id', '=', toggled)
      .executeTakeFirstOrThrow();
    expect(Boolean(user.is_active)).toBe(true);

    // 12 deletions of one user: one 204, eleven 404.
    const deletions = statusesOf(new RegExp(`/users/${deleted}/$`));
    expect(deletions.filter((status) => status === 204)).toHaveLength(1);
    expect(deletions.filter((status) => status === 404)).toHaveLength(deletions.length - 1);

    // Overlapping bulk approvals in opposite orders: all answered, each verification approved once.
    const bulkAnswers = answers.filter((_, position) =>
      /bulk-approve/.test(plans.flat()[position]?.url ?? ''),
    );
    expect(bulkAnswers.every((answer) => answer.status === 200)).toBe(true);
    const updated = bulkAnswers.flatMap(
      (answer) => (JSON.parse(answer.body) as { updated: number[] }).updated,
    );
    expect(new Set(updated).size).toBe(updated.length);
    const notifications = await ctx.db
      .selectFrom('notifications')
      .select('related_object_id')
      .where('related_object_type', '=', 'provider_verification')
      .where('related_object_id', 'in', verifications)
      .execute();
    expect(notifications).toHaveLength(updated.length);

    // Twelve wrong passwords from one address through four processes: three free failures in all.
    const logins = statusesOf(/admin-login/);
    expect(logins.filter((status) => status === 401)).toHaveLength(3);
    expect(logins.filter((status) => status === 429)).toHaveLength(logins.length - 3);
  }, 120_000);

  it('never leaves zero active admins when admins in different processes remove each other', async () => {
    const admins: number[] = [];
    for (let index = 0; index < PROCESSES; index += 1) {
      admins.push(await insertUser(ctx.db, { role: 'admin', username: `multi-admin-${index}` }));
    }
    await ctx.db.updateTable('users').set({ is_active: false }).where('id', '=', ctx.adminId).execute();
    try {
      const plans: PlannedRequest[][] = [];
      for (const [index, actor] of admins.entries()) {
        const authorization = `Bearer ${await ctx.app.tokens.sign(actor)}`;
        plans.push(
          admins
            .filter((target) => target !== actor)
            .map((target) =>
              index % 2 === 0
                ? { method: 'DELETE' as const, url: `/api/users/${target}/`, authorization }
                : { method: 'PATCH' as const, url: `/api/users/${target}/toggle_status/`, authorization },
            ),
        );
      }
      const answers = (await runInProcesses(env, plans)).flat();
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      const remaining = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', admins)
        .where('is_active', '=', true)
        .where('deleted_at', 'is', null)
        .execute();
      expect(remaining.length).toBeGreaterThanOrEqual(1);
    } finally {
      await ctx.db.updateTable('users').set({ is_active: true }).where('id', '=', ctx.adminId).execute();
    }
  }, 120_000);
});
