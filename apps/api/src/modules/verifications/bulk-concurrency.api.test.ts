import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertProviderVerification } from './verifications.factories.js';

const BASE = '/api/admin/provider-verification';

/*
 * Bulk decisions over overlapping selections, sent at the same moment in opposite orders (issue 16:
 * they deadlocked on PostgreSQL and answered 500). Rows are locked in ascending id order and a
 * transaction that still collides runs again: every call succeeds and every verification is decided
 * exactly once.
 */
describe('bulk verification decisions under concurrency', () => {
  let ctx: TestContext;
  const admins: string[] = [];

  beforeAll(async () => {
    // The per-admin limits are tested elsewhere: here they must not interfere.
    ctx = await createTestContext({ BULK_MAX_CONCURRENT: '1000', BULK_MAX_PER_MINUTE: '100000' });
    for (let index = 0; index < 8; index += 1) {
      const id = await insertUser(ctx.db, { role: 'admin', username: `bulk-admin-${index}` });
      admins.push(`Bearer ${await ctx.app.tokens.sign(id)}`);
    }
  });
  afterAll(() => ctx.close());

  async function pendingVerifications(count: number): Promise<number[]> {
    const ids: number[] = [];
    let sharedUser: number | undefined;
    for (let index = 0; index < count; index += 1) {
      // Every third verification belongs to the same provider as the previous one: the bulk actions
      // then also meet on the users' rows.
      const id = await insertProviderVerification(
        ctx.db,
        index % 3 === 2 && sharedUser ? { user_id: sharedUser } : {},
      );
      const row = await ctx.db
        .selectFrom('provider_verifications')
        .select('user_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      sharedUser = row.user_id;
      ids.push(id);
    }
    return ids;
  }

  it('answers every overlapping bulk approval and rejection, sent in opposite orders, without a deadlock', async () => {
    const ids = await pendingVerifications(60);
    const requests = [];
    for (let pair = 0; pair < 20; pair += 1) {
      // Overlapping windows of 30 ids, one ascending, one descending, by different admins.
      const window = ids.slice(pair, pair + 30);
      const reject = pair % 4 === 3;
      const url = `${BASE}/${reject ? 'bulk-reject' : 'bulk-approve'}/`;
      const body = (order: number[]) =>
        reject
          ? { verification_ids: order, rejection_reason: 'Documents illisibles' }
          : { verification_ids: order };
      requests.push(
        ctx.app.inject({
          method: 'POST',
          url,
          headers: { authorization: admins[pair % admins.length] },
          payload: body(window),
        }),
        ctx.app.inject({
          method: 'POST',
          url,
          headers: { authorization: admins[(pair + 1) % admins.length] },
          payload: body([...window].reverse()),
        }),
      );
    }
    const answers = await Promise.all(requests);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 200)).toBe(true);

    // Each verification was decided by exactly one call, once.
    const updated = answers.flatMap((answer) => answer.json().updated as number[]);
    expect(new Set(updated).size).toBe(updated.length);
    const windowed = new Set(ids.slice(0, 49));
    expect(new Set(updated)).toEqual(windowed);
    const rows = await ctx.db
      .selectFrom('provider_verifications')
      .select(['id', 'verification_status'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) {
      expect(row.verification_status).toMatch(windowed.has(row.id) ? /^(verified|rejected)$/ : /^pending$/);
    }
    const notifications = await ctx.db
      .selectFrom('notifications')
      .select(['related_object_id'])
      .where('related_object_type', '=', 'provider_verification')
      .where('related_object_id', 'in', ids)
      .execute();
    expect(notifications).toHaveLength(windowed.size);
    expect(new Set(notifications.map((row) => row.related_object_id)).size).toBe(windowed.size);
  });

  it('keeps the answer in the order given (duplicates counted once) and reports unknown ids as skipped', async () => {
    const [first, second] = await pendingVerifications(2);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/bulk-approve/`,
      headers: { authorization: admins[0] },
      payload: { verification_ids: [second, 2_000_000_000, first, second] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      updated: [second, first],
      skipped: [{ id: 2_000_000_000, reason: 'Vérification introuvable' }],
    });
  });
});
