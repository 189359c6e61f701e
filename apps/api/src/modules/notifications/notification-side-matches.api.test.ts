import { NotificationListQuery } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITNESSES } from '../../db/capped-witnesses.js';
import { CAP_SAMPLE, type SearchPlan } from '../../db/search.js';
import { notificationSearchText } from '../../lib/search-text.js';
import { insertUser } from '../../test/factories.js';
import { recordingSql } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { GATHERED_PER_VISITED, matchesSideBySide, periodOwnPlan } from './notification-side-matches.js';
import { listNotifications } from './notifications.reads.js';

/*
 * A notifications search beside a broad period (`?search=kalandula&period=week`): on SQLite its
 * matches are read side by side (their own text, their recipient, their broadcast) and united; a
 * narrow period keeps one OR. Whichever way, on both databases, the same count and the same pages,
 * a notification found on two sides counted once. PostgreSQL's planner chooses for itself.
 */

const DAY_MS = 24 * 3_600_000;

interface Row {
  id: number;
  created_at: string;
  is_read: boolean;
  matches: boolean;
  inWeek: boolean;
}

describe(`a notifications search beside a period (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  const now = new Date();
  const rows: Row[] = [];
  /** Notifications holding the term in their own text: past the plan's sample, so not a rare term. */
  const OWN = CAP_SAMPLE + 400;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.transaction().execute(async (trx) => {
      const named = await insertUser(trx, { first_name: 'Zefa', last_name: 'Kalandula' });
      const other = await insertUser(trx, { first_name: 'Bento', last_name: 'Mavinga' });
      const broadcast = await trx
        .insertInto('notification_broadcasts')
        .values({
          title: 'Aviso Kalandula',
          message: 'Manutenção',
          notification_type: 'system',
          search_text: notificationSearchText({ title: 'Aviso Kalandula', message: 'Manutenção' }),
          recipients: 6,
          created_by: null,
          created_at: new Date(now.getTime() - 3 * DAY_MS).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      /* Own text: every fifth in the week. The recipient's: 20 in the week (5 also naming the term),
         10 older. The broadcast's copies: 4 in the week, 2 older. Others: 200 in the week. */
      const specs: Array<{ user: number; title: string; week: boolean; matches: boolean; copy?: boolean }> =
        [];
      for (let index = 0; index < OWN; index += 1) {
        specs.push({ user: other, title: `Kalandula ${index}`, week: index % 5 === 0, matches: true });
      }
      for (let index = 0; index < 30; index += 1) {
        const title = index < 5 ? `Kalandula recebido ${index}` : `Recebido ${index}`;
        specs.push({ user: named, title, week: index < 20, matches: true });
      }
      for (let index = 0; index < 6; index += 1) {
        specs.push({ user: other, title: '', week: index < 4, matches: true, copy: true });
      }
      for (let index = 0; index < 200; index += 1) {
        specs.push({ user: other, title: `Outro ${index}`, week: true, matches: false });
      }
      // Inserted in a shuffled order: the ids do not follow the times.
      const order = specs.map((_, index) => (index * 7_919) % specs.length);
      for (const [position, index] of order.entries()) {
        const spec = specs[index];
        if (!spec) continue;
        const createdAt = new Date(
          now.getTime() - (spec.week ? DAY_MS : 40 * DAY_MS) - position * 60_000,
        ).toISOString();
        const isRead = position % 3 === 0;
        const message = spec.copy ? '' : 'Mensagem da plataforma';
        const inserted = await trx
          .insertInto('notifications')
          .values({
            user_id: spec.user,
            title: spec.title,
            message,
            search_text: spec.copy ? '' : notificationSearchText({ title: spec.title, message }),
            notification_type: 'system',
            priority: 'normal',
            is_read: isRead,
            read_at: isRead ? createdAt : null,
            created_at: createdAt,
            broadcast_id: spec.copy ? broadcast.id : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        rows.push({
          id: inserted.id,
          created_at: createdAt,
          is_read: isRead,
          matches: spec.matches,
          inWeek: spec.week,
        });
      }
    });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  /** The expected matches of the week, newest first (id breaks ties), under the read filter when given. */
  const expectedWeek = (isRead?: boolean) =>
    rows
      .filter((row) => row.matches && row.inWeek && (isRead === undefined || row.is_read === isRead))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map((row) => row.id);

  const list = (db: typeof ctx.db, query: Record<string, string>) =>
    listNotifications(db, NotificationListQuery.parse(query), now);

  it('counts each match of the week once, and pages them newest first', async () => {
    const expected = expectedWeek();
    // 281 of the own text, 20 of the recipient (5 of them also by their text), 4 broadcast copies.
    expect(expected).toHaveLength(305);
    const { db, texts } = recordingSql(ctx.db);
    const first = await list(db, { search: 'kalandula', period: 'week' });
    expect([first.count, first.count_capped]).toEqual([305, false]);
    expect(first.results.map((row) => row.id)).toEqual(expected.slice(0, 10));
    // SQLite: the sides read apart and united; PostgreSQL: one OR.
    expect(texts.some((text) => text.includes(' union '))).toBe(ctx.dialect === 'sqlite');
    const fourth = await list(ctx.db, { search: 'kalandula', period: 'week', page: '4' });
    expect(fourth.results.map((row) => row.id)).toEqual(expected.slice(30, 40));
  });

  it('keeps the other filters on every side', async () => {
    for (const isRead of [true, false]) {
      const expected = expectedWeek(isRead);
      const page = await list(ctx.db, { search: 'kalandula', period: 'week', is_read: String(isRead) });
      expect([page.count, page.count_capped]).toEqual([expected.length, false]);
      expect(page.results.map((row) => row.id)).toEqual(expected.slice(0, 10));
    }
  });

  it('keeps one OR for a period holding few notifications', async () => {
    const { db, texts } = recordingSql(ctx.db);
    // Nothing was created today: the period is narrow.
    const today = await list(db, { search: 'kalandula', period: 'today' });
    expect([today.count, today.results]).toEqual([0, []]);
    expect(texts.some((text) => text.includes(' union '))).toBe(false);
  });

  it('finds the same matches whichever plan each side is read by (SQLite)', async () => {
    const [total, inPeriod] = [rows.length, rows.filter((row) => row.inWeek).length];
    const filtered = () =>
      ctx.db
        .selectFrom('notifications')
        .where('notifications.created_at', '>=', new Date(now.getTime() - 7 * DAY_MS).toISOString())
        .select('notifications.id');
    const expected = [...expectedWeek()].sort((a, b) => a - b);
    const plans: Array<[SearchPlan, SearchPlan, number]> = [
      // The own text probed among its gathered matches; the recipients in their text index's order.
      [{ kind: 'index', share: 0.01 }, { kind: 'index' }, total],
      // The own text checked on each row of the week (as common in a big table); the recipients as well.
      [{ kind: 'scan', share: 0.9 }, { kind: 'scan' }, 10_000_000],
    ];
    for (const [own, recipients, tableRows] of plans) {
      const matches = await matchesSideBySide(
        ctx.db,
        {
          term: 'kalandula',
          plans: new Map([
            ['notifications', own],
            ['users', recipients],
          ]),
          broadcastIds: undefined,
        },
        { filtered, total, rows: tableRows },
      );
      if (ctx.dialect === 'postgres') {
        expect(matches).toBeUndefined();
        continue;
      }
      const ids = matches ? (await matches.execute()).map((row) => row.id) : [];
      expect(ids.sort((a, b) => a - b)).toEqual(expected);
    }
    expect(inPeriod / total).toBeGreaterThan(0.1);
  });
});

describe('the plan of the own text beside a period', () => {
  const rows = 300_000;

  it('probes the week’s entries among a term’s gathered matches when they cost less than visiting rows', () => {
    // 'site': 9,600 matches, 35,000 notifications in the week.
    expect(periodOwnPlan({ kind: 'scan', share: 0.032, sampled: 1001 }, rows, 35_000)).toEqual({
      kind: 'index',
      share: 0.032,
      probe: true,
    });
    // A word start keeps its text index query.
    expect(periodOwnPlan({ kind: 'index', share: 0.025, match: '" qa"' }, rows, 35_000)).toMatchObject({
      kind: 'index',
      probe: true,
      match: '" qa"',
    });
  });

  it('checks a very common term on the rows visited until the cap’s worth of matches', () => {
    // 'a': 90 % of the notifications: the week's first 1,223 rows hold WITNESSES of them.
    const share = 0.9;
    expect(share * rows).toBeGreaterThan(GATHERED_PER_VISITED * (WITNESSES / share));
    expect(periodOwnPlan({ kind: 'scan', share }, rows, 35_000)).toEqual({ kind: 'scan', share });
    // A rare period: fewer rows to visit than matches to gather.
    expect(periodOwnPlan({ kind: 'index', share: 0.032 }, rows, 1_000)).toEqual({
      kind: 'scan',
      share: 0.032,
    });
  });

  it('keeps a plan holding the matches’ ids, or without a share', () => {
    const ids: SearchPlan = { kind: 'ids', ids: [1, 2] };
    expect(periodOwnPlan(ids, rows, 35_000)).toBe(ids);
    expect(periodOwnPlan({ kind: 'index' }, rows, 35_000)).toEqual({ kind: 'index' });
  });
});
