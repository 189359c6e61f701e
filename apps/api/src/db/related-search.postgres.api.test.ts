import { NotificationListQuery, SEARCH_COUNT_CAP } from '@kwanza/contract';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotificationRow } from '../modules/notifications/notifications.factories.js';
import { listNotifications } from '../modules/notifications/notifications.reads.js';
import { insertReport } from '../modules/reports/reports.factories.js';
import { userRow } from '../test/factories.js';
import { recordingSql } from '../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import type { UsersTable } from './schema.js';
import { CAP_SAMPLE, LARGE_TABLE_ROWS, planRelatedSearch, RELATED_PLAN_KEPT_MS } from './search.js';

/*
 * PostgreSQL, the users a notification or a report names (a related side of their search): its
 * planner serves `user_id in (subquery)` within the search's OR only by reading every listed row, so
 * `planRelatedSearch` samples the users first: a rare term becomes literal ids, a dense one is checked
 * on each visited row, and the others keep the subquery. Whatever the plan, the lists find the same
 * notifications and reports. (SQLite plans this side like every other one: db/search.api.test.ts.)
 */

interface Page {
  count: number;
  results: { id: number }[];
}

describe('searching the users a notification or a report names (postgres)', () => {
  let ctx: TestContext;
  let nextUser = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(() => ctx.close());

  /** Inserts `count` users, those for which `named(i)` holds with the last name `lastName`. */
  async function insertUsers(count: number, lastName: string, named: (index: number) => boolean) {
    const ids: number[] = [];
    const named_: number[] = [];
    for (let start = 0; start < count; start += 500) {
      const rows: Insertable<UsersTable>[] = [];
      for (let index = start; index < Math.min(count, start + 500); index += 1) {
        nextUser += 1;
        rows.push(
          userRow({
            username: `usager${nextUser}`,
            last_name: named(index) ? lastName : 'Quelconque',
          }),
        );
      }
      const inserted = await ctx.db.insertInto('users').values(rows).returning('id').execute();
      inserted.forEach((row, offset) => {
        ids.push(row.id);
        if (named(start + offset)) named_.push(row.id);
      });
    }
    return { ids, named: named_ };
  }

  /** Gives one notification and one report (as reporter) to each of `userIds`; returns their ids. */
  async function notifyAndReport(userIds: readonly number[]) {
    const notifications: number[] = [];
    const reports: number[] = [];
    for (const userId of userIds) {
      notifications.push(await insertNotificationRow(ctx.db, { user_id: userId, title: 'Rappel' }));
      reports.push(await insertReport(ctx.db, { reporter_id: userId, reason: 'Comportement' }));
    }
    return { notifications: notifications.sort(byId), reports: reports.sort(byId) };
  }

  const byId = (a: number, b: number) => a - b;

  async function found(path: string, term: string): Promise<{ count: number; ids: number[] }> {
    const response = await ctx.request('GET', `${path}?search=${encodeURIComponent(term)}&page_size=100`);
    expect(response.statusCode).toBe(200);
    const page = response.json() as Page;
    return { count: page.count, ids: page.results.map((row) => row.id).sort(byId) };
  }

  async function expectListed(term: string, expected: { notifications: number[]; reports: number[] }) {
    expect(await found('/api/admin/notifications/', term)).toEqual({
      count: expected.notifications.length,
      ids: expected.notifications,
    });
    expect(await found('/api/reports/', term)).toEqual({
      count: expected.reports.length,
      ids: expected.reports,
    });
  }

  it('plans a term few users hold as their ids, and the lists find their rows', async () => {
    const { named } = await insertUsers(40, 'Raríssimo', (index) => index % 10 === 0);
    expect(named).toHaveLength(4);
    const plan = await planRelatedSearch(ctx.db, 'users', 'rarissimo');
    expect(plan.kind).toBe('ids');
    expect(plan.kind === 'ids' && [...plan.ids].sort(byId)).toEqual(named);
    expect(await planRelatedSearch(ctx.db, 'users', 'introuvable')).toEqual({ kind: 'ids', ids: [] });

    await expectListed('rarissimo', await notifyAndReport(named.slice(0, 3)));
  });

  it('keeps the subquery for a term many users of a small table hold', async () => {
    const { named } = await insertUsers(CAP_SAMPLE + 100, 'Agrupado', () => true);
    const plan = await planRelatedSearch(ctx.db, 'users', 'agrupado');
    expect(plan).toMatchObject({ kind: 'index', sampled: CAP_SAMPLE });

    await expectListed('agrupado', await notifyAndReport(named.slice(0, 25)));
  });

  it('keeps the plan of a term past the sample for a while, never a rare term’s ids, and the lists stay exact', async () => {
    const { named } = await insertUsers(CAP_SAMPLE + 20, 'Duradouro', () => true);
    const { named: rare } = await insertUsers(10, 'Efemero', (index) => index < 2);
    const now = Date.now();
    const { db, texts } = recordingSql(ctx.db);
    const first = await planRelatedSearch(db, 'users', 'duradouro', now);
    expect(first).toMatchObject({ kind: 'index', sampled: CAP_SAMPLE });
    const sampled = texts.length;
    expect(sampled).toBeGreaterThan(0);
    // Kept: no statement within RELATED_PLAN_KEPT_MS, the same term however written.
    expect(await planRelatedSearch(db, 'users', ' DURADOURO ', now + RELATED_PLAN_KEPT_MS - 1)).toBe(first);
    expect(texts).toHaveLength(sampled);
    // Past it, sampled again.
    await planRelatedSearch(db, 'users', 'duradouro', now + RELATED_PLAN_KEPT_MS);
    expect(texts.length).toBeGreaterThan(sampled);
    // A rare term's ids are read each time: a user who takes its name is found at once.
    expect(await planRelatedSearch(db, 'users', 'efemero', now)).toMatchObject({ ids: rare });
    const { named: joined } = await insertUsers(1, 'Efemero', () => true);
    const again = await planRelatedSearch(db, 'users', 'efemero', now);
    expect(again.kind === 'ids' && [...again.ids].sort(byId)).toEqual([...rare, ...joined].sort(byId));

    // The term falls under the cap: the plan the lists' handle keeps finds the same rows, counted exactly.
    const listed = await notifyAndReport(named.slice(0, 5));
    expect(await planRelatedSearch(ctx.db, 'users', 'duradouro')).toMatchObject({ kind: 'index' });
    // Renamed as the users' writes rename them: the searched text follows the name.
    await ctx.db
      .updateTable('users')
      .set((eb) => ({
        last_name: 'Outro',
        search_text: eb.fn<string>('replace', ['search_text', eb.val('duradouro'), eb.val('outro')]),
      }))
      .where('id', 'in', named.slice(3))
      .execute();
    expect(await planRelatedSearch(ctx.db, 'users', 'duradouro')).toMatchObject({ kind: 'index' });
    await expectListed('duradouro', {
      notifications: listed.notifications.slice(0, 3),
      reports: listed.reports.slice(0, 3),
    });
  });

  it('tests the witnesses of a search past the cap on each one’s user read by key, as the users are now', async () => {
    const { named } = await insertUsers(CAP_SAMPLE + 120, 'Testemunha', () => true);
    const unread: number[] = [];
    for (const userId of named) unread.push(await insertNotificationRow(ctx.db, { user_id: userId }));
    const list = (db: TestContext['db']) =>
      listNotifications(
        db,
        NotificationListQuery.parse({ search: 'testemunha', is_read: 'false' }),
        new Date(),
      );
    expect(await planRelatedSearch(ctx.db, 'users', 'testemunha')).toMatchObject({ kind: 'index' });
    // The witnesses are kept by each database handle: both requests through the same one.
    const { db, texts } = recordingSql(ctx.db);
    const proven = await list(db);
    expect(texts.some((text) => text.includes('from unnest('))).toBe(false);
    texts.length = 0;
    const witnessed = await list(db);
    for (const answer of [proven, witnessed])
      expect([answer.count, answer.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
    const checks = texts.filter((text) => text.includes('from unnest('));
    expect(checks).toHaveLength(1);
    expect(checks[0]).toContain(
      '(select "s"."search_text" from "users" s where s.id = "notifications"."user_id") like',
    );
    expect(checks[0]).not.toContain('"notifications"."user_id" in (select');
    // 130 of them renamed: fewer than the cap left, counted exactly at once.
    await ctx.db
      .updateTable('users')
      .set((eb) => ({
        last_name: 'Outro',
        search_text: eb.fn<string>('replace', ['search_text', eb.val('testemunha'), eb.val('outro')]),
      }))
      .where('id', 'in', named.slice(0, 130))
      .execute();
    const after = await list(ctx.db);
    expect([after.count, after.count_capped]).toEqual([named.length - 130, false]);
  });

  it('checks a dense term of a big table on each visited row, and the lists find the same rows', async () => {
    // Every tenth user of a table past LARGE_TABLE_ROWS: a tenth of the ids the sample spans.
    const { named } = await insertUsers(LARGE_TABLE_ROWS + 1_000, 'Comunal', (index) => index % 10 === 0);
    expect(named.length).toBeGreaterThan(CAP_SAMPLE);
    const plan = await planRelatedSearch(ctx.db, 'users', 'comunal');
    expect(plan).toMatchObject({ kind: 'scan', sampled: CAP_SAMPLE });
    expect(plan.kind === 'scan' && plan.share).toBeCloseTo(0.1, 2);

    // Among other users' rows, which the check on each row leaves out.
    await notifyAndReport(named.slice(0, 30).map((id) => id + 1));
    await expectListed('comunal', await notifyAndReport(named.slice(0, 30)));
  });
});
