import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';

describe('two admins removing each other at the same moment', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function activeAdminCount(): Promise<number> {
    const rows = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.length;
  }

  for (const action of ['delete', 'deactivate'] as const) {
    it(`never leaves the platform without an active admin (${action})`, async () => {
      const first = await insertUser(ctx.db, { role: 'admin', username: `premier-${action}` });
      const second = await insertUser(ctx.db, { role: 'admin', username: `second-${action}` });
      // Only these two remain active.
      await ctx.db
        .updateTable('users')
        .set({ is_active: false })
        .where('id', 'not in', [first, second])
        .execute();
      const tokenOf = async (id: number) => `Bearer ${await ctx.app.tokens.sign(id, 'admin')}`;
      const request = async (actor: number, target: number) =>
        ctx.app.inject(
          action === 'delete'
            ? {
                method: 'DELETE',
                url: `/api/users/${target}/`,
                headers: { authorization: await tokenOf(actor) },
              }
            : {
                method: 'PATCH',
                url: `/api/users/${target}/toggle_status/`,
                headers: { authorization: await tokenOf(actor) },
              },
        );

      const answers = await Promise.all([request(first, second), request(second, first)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses.filter((status) => status < 300)).toHaveLength(1);
      expect(await activeAdminCount()).toBe(1);

      // Restore the context admin for the next case.
      await ctx.db.updateTable('users').set({ is_active: true }).where('id', '=', ctx.adminId).execute();
    });
  }
});
