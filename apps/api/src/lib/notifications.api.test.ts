import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMatches } from '../db/search.js';
import { dialectOf } from '../db/sql.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { insertNotification } from './notifications.js';

describe('insertNotification', () => {
  let ctx: TestContext;
  let ana: number;
  let bruno: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    ana = await insertUser(ctx.db, { first_name: 'Ana' });
    bruno = await insertUser(ctx.db, { first_name: 'Bruno' });
  });
  afterAll(async () => ctx.close());

  it('writes one row per distinct recipient with its type, priority, related object and author', async () => {
    const written = await insertNotification(ctx.db, {
      recipients: [ana, bruno, ana],
      type: 'dispute',
      title: 'Litige réglé',
      message: 'Le litige « Fuite » est résolu.',
      priority: 'high',
      related: { type: 'dispute', id: 42 },
      createdBy: ctx.adminId,
      at: '2026-11-20T10:00:00.000Z',
    });
    expect(written).toHaveLength(2);
    const rows = await ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('title', '=', 'Litige réglé')
      .orderBy('user_id')
      .execute();
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...written].sort((a, b) => a - b));
    expect(rows.map((row) => row.user_id)).toEqual([ana, bruno].sort((a, b) => a - b));
    expect(rows[0]).toMatchObject({
      notification_type: 'dispute',
      priority: 'high',
      related_object_type: 'dispute',
      related_object_id: 42,
      created_by: ctx.adminId,
      created_at: '2026-11-20T10:00:00.000Z',
      read_at: null,
    });
    expect(Boolean(rows[0]?.is_read)).toBe(false);
  });

  it('defaults to normal priority, no related object, now; and is found by the search index without accents', async () => {
    await insertNotification(ctx.db, {
      recipients: ana,
      type: 'system',
      title: 'Maintenance',
      message: 'Arrêt prévu',
    });
    const row = await ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('title', '=', 'Maintenance')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ priority: 'normal', related_object_type: null, created_by: null });
    expect(Date.now() - new Date(row.created_at).getTime()).toBeLessThan(60_000);
    const found = await ctx.db
      .selectFrom('notifications as n')
      .select('n.id')
      .where(searchMatches(dialectOf(ctx.db), 'notifications', 'arret prevu', { alias: 'n' }))
      .execute();
    expect(found.map((hit) => hit.id)).toEqual([row.id]);
  });

  it('writes nothing for an empty recipient list', async () => {
    expect(
      await insertNotification(ctx.db, { recipients: [], type: 'system', title: 'Vide', message: 'x' }),
    ).toEqual([]);
  });
});
