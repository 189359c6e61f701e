import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotificationRow } from '../modules/notifications/notifications.factories.js';
import { insertProvider } from '../modules/providers/providers.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';

/*
 * A search matching a few rows is read through their ids, and beside them the list's other filters
 * leave their own indexes aside on SQLite (db/search.ts `filteredColumn`: `+column`): the users'
 * role, verification status and liveness, the providers' verified flag, the notifications' read flag,
 * type and period. The same rows as through the indexes, on both databases.
 */

describe(`filters beside a search's few ids (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  const ids = { client: 0, provider: 0, verifiedProvider: 0, deleted: 0 };
  const notes = { unread: 0, read: 0, old: 0, recipient: 0 };

  beforeAll(async () => {
    ctx = await createTestContext();
    ids.client = await insertUser(ctx.db, { last_name: 'Quissama', role: 'client' });
    ids.provider = (await insertProvider(ctx.db, { last_name: 'Quissama' }, { is_verified: false })).userId;
    ids.verifiedProvider = (
      await insertProvider(ctx.db, { first_name: 'Ilda', last_name: 'Quissama' }, { is_verified: true })
    ).userId;
    ids.deleted = await insertUser(ctx.db, {
      last_name: 'Quissama',
      role: 'client',
      deleted_at: new Date().toISOString(),
    });
    const other = await insertUser(ctx.db, { last_name: 'Outro', role: 'client' });
    notes.unread = await insertNotificationRow(ctx.db, { user_id: other, title: 'Quissama en attente' });
    notes.read = await insertNotificationRow(ctx.db, {
      user_id: other,
      title: 'Quissama lu',
      is_read: true,
      notification_type: 'dispute',
    });
    notes.old = await insertNotificationRow(ctx.db, {
      user_id: other,
      title: 'Quissama ancien',
      created_at: new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString(),
    });
    // found by its recipient's name
    notes.recipient = await insertNotificationRow(ctx.db, { user_id: ids.client, title: 'Bienvenue' });
  });

  afterAll(() => ctx.close());

  type Row = { id: number; user?: { id: number } };

  async function idsOf(path: string, idOf = (row: Row) => row.id): Promise<number[]> {
    const response = await ctx.request('GET', path);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ count: number; results: Row[] }>();
    expect(body.count).toBe(body.results.length);
    return body.results.map(idOf).sort((a, b) => a - b);
  }

  /** A provider is listed by its profile, with its user's id. */
  const userOf = (row: Row) => row.user?.id ?? 0;

  it("keeps the users' role, verification status and liveness", async () => {
    expect(await idsOf('/api/users/?search=quissama')).toEqual(
      [ids.client, ids.provider, ids.verifiedProvider].sort((a, b) => a - b),
    );
    expect(await idsOf('/api/users/?search=quissama&role=client')).toEqual([ids.client]);
    expect(await idsOf('/api/users/?search=quissama&role=admin')).toEqual([]);
    expect(await idsOf('/api/users/?search=quissama&verification_status=not_started')).toHaveLength(3);
    expect(await idsOf('/api/users/?search=quissama&verification_status=pending')).toEqual([]);
  });

  it("keeps the providers' verified flag", async () => {
    expect(await idsOf('/api/providers/?search=quissama&is_verified=true', userOf)).toEqual([
      ids.verifiedProvider,
    ]);
    expect(await idsOf('/api/providers/?search=quissama&is_verified=false', userOf)).toEqual([ids.provider]);
  });

  it("keeps the notifications' read flag, type and period", async () => {
    const all = await idsOf('/api/admin/notifications/?search=quissama');
    expect(all).toEqual([notes.unread, notes.read, notes.old, notes.recipient].sort((a, b) => a - b));
    expect(await idsOf('/api/admin/notifications/?search=quissama&is_read=true')).toEqual([notes.read]);
    expect(await idsOf('/api/admin/notifications/?search=quissama&notification_type=dispute')).toEqual([
      notes.read,
    ]);
    expect(await idsOf('/api/admin/notifications/?search=quissama&is_read=false&period=week')).toEqual(
      [notes.unread, notes.recipient].sort((a, b) => a - b),
    );
  });
});
