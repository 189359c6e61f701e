import { NotificationListQuery } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAP_SAMPLE, type SearchableTable, type SearchPlan } from '../../db/search.js';
import { notificationSearchText } from '../../lib/search-text.js';
import { insertUser } from '../../test/factories.js';
import { recordingSql } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { matchesSideBySide, ownMatches } from './notification-side-matches.js';
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
  /** Found by its own text. */
  own: boolean;
  inWeek: boolean;
}

describe(`a notifications search beside a period (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  const now = new Date();
  const rows: Row[] = [];
  /** The recipient whose name holds the term. */
  let namedId = 0;
  /** Notifications holding the term in their own text: past the plan's sample, so not a rare term. */
  const OWN = CAP_SAMPLE + 400;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.transaction().execute(async (trx) => {
      const named = await insertUser(trx, { first_name: 'Zefa', last_name: 'Kalandula' });
      namedId = named;
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
          own: spec.title.startsWith('Kalandula'),
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

  const weekFiltered = (db: typeof ctx.db) => () =>
    db
      .selectFrom('notifications')
      .where('notifications.created_at', '>=', new Date(now.getTime() - 7 * DAY_MS).toISOString())
      .select('notifications.id');
  const ascending = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

  it('finds the same matches whichever plan the recipients are read by (SQLite)', async () => {
    const total = rows.length;
    expect(rows.filter((row) => row.inWeek).length / total).toBeGreaterThan(0.1);
    // The recipients in their text index's order, then by their ids.
    const plans: SearchPlan[] = [{ kind: 'index' }, { kind: 'ids', ids: [namedId] }];
    for (const recipients of plans) {
      const { db, texts } = recordingSql(ctx.db);
      const matches = await matchesSideBySide(
        db,
        {
          term: 'kalandula',
          plans: new Map<SearchableTable, SearchPlan>([
            ['notifications', { kind: 'index', share: 0.01 }],
            ['users', recipients],
          ]),
          broadcastIds: undefined,
        },
        { filtered: weekFiltered(db), total, rows: total },
      );
      if (ctx.dialect === 'postgres') {
        expect(matches).toBeUndefined();
        continue;
      }
      const ids = matches ? (await matches.execute()).map((row) => row.id) : [];
      expect(ascending(ids)).toEqual(ascending(expectedWeek()));
      const usersInTextOrder = texts.some((text) =>
        text.includes('inner join "users_fts" as "text_matches"'),
      );
      expect(usersInTextOrder).toBe(recipients.kind === 'index');
    }
  });

  it('finds the same own-text matches probed or in the text index’s order (SQLite)', async () => {
    if (ctx.dialect === 'postgres') {
      // PostgreSQL never reads the sides apart: its planner weighs the one OR.
      const matches = await matchesSideBySide(
        ctx.db,
        { term: 'kalandula', plans: new Map(), broadcastIds: undefined },
        { filtered: weekFiltered(ctx.db), total: rows.length, rows: rows.length },
      );
      expect(matches).toBeUndefined();
      return;
    }
    const expected = ascending(rows.filter((row) => row.own && row.inWeek).map((row) => row.id));
    // 281 of the own text, and 5 of the recipient's naming the term too.
    expect(expected).toHaveLength(286);
    const plan: SearchPlan = { kind: 'index', share: 0.5 };
    const total = rows.length;
    for (const inPeriod of [total, 1_000_000_000]) {
      const { db, texts } = recordingSql(ctx.db);
      const found = await ownMatches(
        'kalandula',
        plan,
        { filtered: weekFiltered(db), rows: total },
        inPeriod,
      );
      expect(ascending(found.map((row) => row.id))).toEqual(expected);
      // A window holding far more rows than the table's matches: read in the text index's order.
      const inTextOrder = texts.some((text) =>
        text.includes('inner join "notifications_fts" as "text_matches"'),
      );
      expect(inTextOrder).toBe(inPeriod > total);
      expect(texts.some((text) => text.includes('+"notifications"."id" in (select rowid'))).toBe(
        inPeriod === total,
      );
    }
  });
});
