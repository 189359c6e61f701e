import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotificationRow } from '../modules/notifications/notifications.factories.js';
import { insertReport } from '../modules/reports/reports.factories.js';
import { userRow } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import type { UsersTable } from './schema.js';
import { CAP_SAMPLE, LARGE_TABLE_ROWS, planRelatedSearch } from './search.js';

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
