import { NotificationListQuery, SEARCH_COUNT_CAP } from '@kwanza/contract';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { provenThenWitnessed, recordingSql } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertNotificationRow } from './notifications.factories.js';
import { listNotifications } from './notifications.reads.js';

/*
 * SQLite: a notifications search beside the read flag. The broadcasts are searched first, and a term
 * none of them holds leaves their branch out (it walked the flag's index for copies of no broadcast);
 * beside a search served by indexes the flag's and the type's indexes stand aside from its count
 * (`+is_read`: SQLite guessed each held ten rows and walked all the read or unread notifications); a
 * count past the cap keeps witnesses; past the cap, an early page walks the filters' order index and
 * probes each notification among the matches, the recipients' included (db/search.ts
 * `probeAlongOrder`).
 */

/** The list's order, which the statements reading a page follow. */
const LIST_ORDER = 'order by "notifications"."created_at" desc';

/** Whether a statement chooses a page's ids (not its rows, read by those ids: db/paginate). */
function choosesPage(text: string): boolean {
  return text.includes(LIST_ORDER) && !text.includes('"notifications"."id" in (?');
}

describe('a notifications search beside the read flag (sqlite)', () => {
  let ctx: TestContext;
  /** Unread notifications holding 'kinaxixi', past the cap; as many read ones. */
  const UNREAD = SEARCH_COUNT_CAP + 20;

  beforeAll(async () => {
    ctx = await createTestContext();
    const recipient = await insertUser(ctx.db, { first_name: 'Outro', last_name: 'Membro' });
    for (let index = 0; index < 2 * UNREAD; index += 1) {
      await insertNotificationRow(ctx.db, {
        user_id: recipient,
        title: `Kinaxixi ${index}`,
        is_read: index % 2 === 1,
        created_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      });
    }
  }, 60_000);
  afterAll(() => ctx.close());

  const list = (db: typeof ctx.db, query: Record<string, string>) =>
    listNotifications(db, NotificationListQuery.parse(query), new Date());
  /**
   * Statements split: the one choosing the page's ids (in the list's order), then the counts' (the
   * page's rows, read by those ids afterwards, left out).
   */
  const byPage = (texts: readonly string[]): [string[], string[]] => [
    texts.filter((text) => choosesPage(text)),
    texts.filter((text) => !text.includes(LIST_ORDER)),
  ];

  it('leaves out the branch of broadcasts none of which holds the term, and the flag’s index', async () => {
    const { db, texts } = recordingSql(ctx.db);
    const listed = await list(db, { search: 'kinaxixi', is_read: 'false' });
    expect([listed.count, listed.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
    expect(listed.results.map((row) => row.title)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Kinaxixi ${2 * UNREAD - 2 - 2 * index}`),
    );
    // The count's statements and the page's (the sample of the text index's matches aside).
    const searches = texts.filter((text) => text.includes('"notifications"."is_read"'));
    const [pages, counts] = byPage(searches);
    expect([pages.length, counts.length]).toEqual([1, 1]);
    for (const text of searches) expect(text).not.toContain('"broadcast_id" in');
    for (const text of counts) expect(text).toContain('+"notifications"."is_read" = ?');
    // Page 1 of 1,020 unread notifications past the cap: the flag's index leads, the matches probed.
    expect(pages[0]).toMatch(/[^+]"notifications"\."is_read" = \?/);
    expect(pages[0]).toContain('+"notifications"."id" in (select rowid from "notifications_fts"');
    // The type's index as well (every notification here is a system one).
    texts.length = 0;
    const typed = await list(db, { search: 'kinaxixi', is_read: 'false', notification_type: 'system' });
    expect([typed.count, typed.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
    const [typedPages, typedCounts] = byPage(
      texts.filter((text) => text.includes('"notifications"."notification_type"')),
    );
    expect([typedPages.length, typedCounts.length]).toEqual([1, 1]);
    for (const text of typedCounts) expect(text).toContain('+"notifications"."notification_type" = ?');
    expect(typedPages[0]).toMatch(/[^+]"notifications"\."notification_type" = \?/);
  });

  it('checks the witnesses of its first proof past the cap on the next request', async () => {
    const query = { search: 'kinaxixi', is_read: 'true' };
    const answers = await provenThenWitnessed(ctx.db, (db) => list(db, query));
    for (const answer of answers) {
      expect([answer.count, answer.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
      expect(answer.results[0]?.title).toBe(`Kinaxixi ${2 * UNREAD - 1}`);
    }
  });
});

describe('an early page of a notifications search past the cap, its recipients matching (sqlite)', () => {
  let ctx: TestContext;
  /** Read notifications to recipients named Quissama, past the cap. */
  const PER_RECIPIENT = 90;
  const RECIPIENTS = 12;

  beforeAll(async () => {
    ctx = await createTestContext();
    const named = [];
    for (let index = 0; index < RECIPIENTS; index += 1) {
      named.push(await insertUser(ctx.db, { first_name: `Rosa${index}`, last_name: 'Quissama' }));
    }
    const other = await insertUser(ctx.db, { first_name: 'Outro', last_name: 'Membro' });
    let minute = 0;
    /** The next minute: every notification a minute after the one before. */
    const at = () => {
      minute += 1;
      return new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString();
    };
    for (let round = 0; round < PER_RECIPIENT; round += 1) {
      for (const recipient of named) {
        await insertNotificationRow(ctx.db, { user_id: recipient, is_read: true, created_at: at() });
        // Unread ones of the same recipients, and read ones of someone else, in between.
        if (round % 3 === 0) await insertNotificationRow(ctx.db, { user_id: recipient, created_at: at() });
        if (round % 2 === 0)
          await insertNotificationRow(ctx.db, { user_id: other, is_read: true, created_at: at() });
      }
      // Some read ones of someone else whose own text holds the term.
      if (round % 10 === 0) {
        await insertNotificationRow(ctx.db, {
          user_id: other,
          title: `Visite à Quissama ${round}`,
          is_read: true,
          created_at: at(),
        });
      }
    }
  }, 60_000);
  afterAll(() => ctx.close());

  /** SQLite's plan of a recorded statement (its values unknown: null in each place). */
  const planOf = async (text: string) => {
    const values = Array.from(text.matchAll(/\?/g), () => null);
    const { rows } = await ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, values),
    );
    return rows.map((row) => row.detail);
  };

  /** Every read notification whose recipient or own text holds 'quissama', newest first. */
  const expected = async () => {
    const rows = await ctx.db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select('n.id')
      .where('n.is_read', '=', true)
      .where((eb) =>
        eb.or([eb('u.search_text', 'like', '%quissama%'), eb('n.search_text', 'like', '%quissama%')]),
      )
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .execute();
    return rows.map((row) => row.id);
  };

  it('walks the read flag’s order index and probes each among the recipients’ and the texts’ matches', async () => {
    const all = await expected();
    expect(all.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    const { db, texts } = recordingSql(ctx.db);
    for (const page of [1, 2, 40]) {
      texts.length = 0;
      const listed = await listNotifications(
        db,
        NotificationListQuery.parse({ search: 'quissama', is_read: 'true', page: String(page) }),
        new Date(),
      );
      expect([listed.count, listed.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
      expect(listed.results.map((row) => row.id)).toEqual(all.slice((page - 1) * 10, page * 10));
      const pages = texts.filter((text) => choosesPage(text));
      expect(pages).toHaveLength(1);
      expect(pages[0]).toMatch(/[^+]"notifications"\."is_read" = \?/);
      expect(pages[0]).toContain('+"notifications"."user_id" in (select value from json_each(?))');
      expect(pages[0]).toContain('+"notifications"."id" in (select value from json_each(?))');
      // SQLite's plan: the walk of the read flag's order index, not the gathering of both sides.
      const plan = await planOf(pages[0] ?? '');
      expect(plan).toContainEqual(
        expect.stringMatching(/^SEARCH notifications USING (COVERING )?INDEX notifications_read_order_idx/),
      );
      expect(plan).not.toContain('MULTI-INDEX OR');
    }
  });
});
