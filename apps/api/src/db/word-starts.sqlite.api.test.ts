import { ReportListQuery } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotificationRow } from '../modules/notifications/notifications.factories.js';
import { insertReport } from '../modules/reports/reports.factories.js';
import { listReports } from '../modules/reports/reports.repository.js';
import { insertUser } from '../test/factories.js';
import { recordingSql } from '../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../test/test-context.js';

/*
 * SQLite: a one-character search matches the words starting with it, served by the text index's
 * trigrams that start the same way (db/word-starts.ts): the same rows as a LIKE on each text, on the
 * listed rows' own text and on the users they name; a word new to the index is found at once.
 */

describe('one-character searches by the words they start (sqlite)', () => {
  let ctx: TestContext;
  const ids = { quissama: 0, yola: 0, aqua: 0 };

  beforeAll(async () => {
    ctx = await createTestContext();
    ids.quissama = await insertUser(ctx.db, {
      first_name: 'Quintino',
      last_name: 'Quissama',
      role: 'client',
    });
    ids.yola = await insertUser(ctx.db, { first_name: 'Yola', last_name: 'Semedo', role: 'client' });
    // 'q' inside a word only: not a word start.
    ids.aqua = await insertUser(ctx.db, { first_name: 'Aqua', last_name: 'Marinha', role: 'client' });
    await insertReport(ctx.db, { reporter_id: ids.yola, reason: 'Comportement déplacé' });
    await insertReport(ctx.db, { reporter_id: ids.aqua, reason: 'Quantité non livrée' });
    await insertReport(ctx.db, { reporter_id: ids.aqua, reason: 'Retard' });
    await insertNotificationRow(ctx.db, { user_id: ids.quissama, title: 'Bienvenue' });
    await insertNotificationRow(ctx.db, { user_id: ids.aqua, title: 'Rappel' });
  });
  afterAll(() => ctx.close());

  /** The ids a list answers for `path`, sorted; every match on the page. */
  async function listed(path: string, idOf = (row: { id: number }) => row.id): Promise<number[]> {
    const response = await ctx.request('GET', `${path}&page_size=100`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ count: number; results: Array<{ id: number }> }>();
    expect(body.count).toBe(body.results.length);
    return body.results.map(idOf).sort((a, b) => a - b);
  }

  /** The rows of `table` whose text has a word starting with `letter` (LIKE, row by row), sorted. */
  async function byLike(table: 'users' | 'reports' | 'notifications', letter: string): Promise<number[]> {
    const rows = await ctx.db
      .selectFrom(table)
      .select('id')
      .where('search_text', 'like', `% ${letter}%`)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  it('finds the same users as a LIKE on every text, through the text index', async () => {
    for (const letter of ['q', 'y', 'm', 's', '§']) {
      expect(await listed(`/api/users/?search=${encodeURIComponent(letter)}`), letter).toEqual(
        await byLike('users', letter),
      );
    }
    expect(await listed('/api/users/?search=Q')).toEqual([ids.quissama]);
  });

  it('finds reports by their own text and by the users they name, the matches read by the index', async () => {
    const quantity = await byLike('reports', 'q');
    expect(quantity).toHaveLength(1);
    expect(await listed('/api/reports/?search=q')).toEqual(quantity);
    // Yola's report by her name, none by 'q' inside 'Aqua'.
    const yolas = await ctx.db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', ids.yola)
      .execute();
    expect(await listed('/api/reports/?search=y')).toEqual(yolas.map((row) => row.id));
    const { db, texts } = recordingSql(ctx.db);
    await listReports(db, ReportListQuery.parse({ search: 'y', status: 'pending' }));
    const searched = texts.filter((text) => text.includes('from "reports"'));
    expect(searched.length).toBeGreaterThan(0);
    for (const text of searched) expect(text).not.toMatch(/search_text" like/);
  });

  it('finds notifications by their recipient’s name', async () => {
    const quissamas = await ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', ids.quissama)
      .execute();
    expect(await listed('/api/admin/notifications/?search=q')).toEqual(quissamas.map((row) => row.id));
  });

  it('finds a word new to the index at once', async () => {
    expect(await listed('/api/users/?search=x')).toEqual([]);
    const xavier = await insertUser(ctx.db, { first_name: 'Xavier', last_name: 'Neto', role: 'client' });
    expect(await listed('/api/users/?search=x')).toEqual([xavier]);
    const xuxa = await insertUser(ctx.db, { first_name: 'Xuxa', last_name: 'Neto', role: 'client' });
    expect(await listed('/api/users/?search=x')).toEqual([xavier, xuxa]);
  });
});
