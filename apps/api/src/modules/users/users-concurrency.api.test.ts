import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertProviderProfile } from '../providers/providers.factories.js';

/*
 * State rules under concurrency (issue 16), with many requests at once. On PostgreSQL the requests
 * really run in parallel on the pool's connections; on SQLite every transaction holds the write lock
 * from its start (BEGIN IMMEDIATE).
 */
describe('users under concurrent requests', () => {
  let ctx: TestContext;
  const tokens = new Map<number, string>();

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function as(adminId: number): Promise<{ authorization: string }> {
    let token = tokens.get(adminId);
    if (!token) {
      token = await ctx.app.tokens.sign(adminId);
      tokens.set(adminId, token);
    }
    return { authorization: `Bearer ${token}` };
  }

  async function activeAdmins(): Promise<number[]> {
    const rows = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((row) => row.id);
  }

  it('never leaves zero active admins when admins deactivate and delete each other at once', async () => {
    for (let round = 0; round < 6; round += 1) {
      // Six admins, and only them active: each one removes all the others at the same moment. Even
      // rounds only delete (exactly one admin must remain); odd rounds mix deletions and toggles.
      const admins: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        admins.push(await insertUser(ctx.db, { role: 'admin', username: `race-${round}-${index}` }));
      }
      await ctx.db
        .updateTable('users')
        .set({ is_active: false })
        .where('role', '=', 'admin')
        .where('id', 'not in', admins)
        .execute();
      try {
        const requests = [];
        for (const actor of admins) {
          const headers = await as(actor);
          for (const target of admins) {
            if (target === actor) continue;
            const deletes = round % 2 === 0 || (actor + target) % 2 === 0;
            requests.push(
              ctx.app.inject(
                deletes
                  ? { method: 'DELETE', url: `/api/users/${target}/`, headers }
                  : { method: 'PATCH', url: `/api/users/${target}/toggle_status/`, headers },
              ),
            );
          }
        }
        const answers = await Promise.all(requests);
        for (const answer of answers) {
          // Done, 401 the actor was removed meanwhile, 404 already deleted, 409 last admin.
          expect([200, 204, 401, 404, 409]).toContain(answer.statusCode);
          if (answer.statusCode >= 400) expect(answer.json().detail).toMatch(/[a-zé]/);
          if (answer.statusCode === 409) expect(answer.json().code).toBe('last_admin');
        }
        const remaining = (await activeAdmins()).filter((id) => admins.includes(id));
        if (round % 2 === 0) expect(remaining, `round ${round}`).toHaveLength(1);
        else expect(remaining.length, `round ${round}`).toBeGreaterThanOrEqual(1);
      } finally {
        // Back to one active admin, the context's, for the next round and the next tests.
        await ctx.db.updateTable('users').set({ is_active: false }).where('id', 'in', admins).execute();
        await ctx.db.updateTable('users').set({ is_active: true }).where('id', '=', ctx.adminId).execute();
      }
    }
  });

  it('loses no flip when one user’s status is toggled by many requests at once', async () => {
    const target = await insertUser(ctx.db, { role: 'client', is_active: true });
    for (const count of [40, 41, 25, 25, 25]) {
      const before = await ctx.db
        .selectFrom('users')
        .select('is_active')
        .where('id', '=', target)
        .executeTakeFirstOrThrow();
      const answers = await Promise.all(
        Array.from({ length: count }, () =>
          ctx.app.inject({ method: 'PATCH', url: `/api/users/${target}/toggle_status/`, headers: ctx.auth }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(count).fill(200));
      const after = await ctx.db
        .selectFrom('users')
        .select('is_active')
        .where('id', '=', target)
        .executeTakeFirstOrThrow();
      // An even number of flips gives the state back, an odd one inverts it.
      expect(Boolean(after.is_active)).toBe(count % 2 === 0 ? Boolean(before.is_active) : !before.is_active);
    }
  });

  it('loses no flip when one provider’s verification is toggled by many requests at once, and its profile follows', async () => {
    const target = await insertUser(ctx.db, { role: 'provider', is_verified: false });
    await insertProviderProfile(ctx.db, target);
    // Five batches of 25 concurrent flips: after each batch the value must have changed. A lost flip
    // leaves it unchanged (or changed by luck: five batches make luck very unlikely).
    let expected = false;
    for (let batch = 0; batch < 5; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, () =>
          ctx.app.inject({
            method: 'PATCH',
            url: `/api/users/${target}/toggle_verification/`,
            headers: ctx.auth,
          }),
        ),
      );
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      expected = !expected;
      const user = await ctx.db
        .selectFrom('users')
        .select('is_verified')
        .where('id', '=', target)
        .executeTakeFirstOrThrow();
      const profile = await ctx.db
        .selectFrom('provider_profiles')
        .select('is_verified')
        .where('user_id', '=', target)
        .executeTakeFirstOrThrow();
      expect(Boolean(user.is_verified), `batch ${batch}`).toBe(expected);
      expect(Boolean(profile.is_verified), `batch ${batch}`).toBe(expected);
    }
  });

  it('deletes a user once: of many concurrent deletions one answers 204, the others 404, the e-mail is renamed once', async () => {
    const target = await insertUser(ctx.db, {
      role: 'client',
      email: 'deleted-once@kwanza.test',
      username: 'deleted_once',
    });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        ctx.app.inject({ method: 'DELETE', url: `/api/users/${target}/`, headers: ctx.auth }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(29);
    for (const answer of answers.filter((item) => item.statusCode === 404)) {
      expect(answer.json()).toEqual({ detail: 'Utilisateur introuvable.', code: 'not_found' });
    }
    const row = await ctx.db
      .selectFrom('users')
      .select(['email', 'username'])
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(`deleted-${target}-deleted-once@kwanza.test`);
    expect(row.username).toBe(`deleted-${target}-deleted_once`);
  });

  it('answers 404, not 204, to a second deletion made later', async () => {
    const target = await insertUser(ctx.db, { role: 'client' });
    const first = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${target}/`, headers: ctx.auth });
    const second = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${target}/`,
      headers: ctx.auth,
    });
    expect([first.statusCode, second.statusCode]).toEqual([204, 404]);
  });
});
