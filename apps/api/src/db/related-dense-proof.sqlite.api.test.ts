import { NotificationListQuery, ReportListQuery, SEARCH_COUNT_CAP } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotificationRow } from '../modules/notifications/notifications.factories.js';
import { listNotifications } from '../modules/notifications/notifications.reads.js';
import { insertReport } from '../modules/reports/reports.factories.js';
import { listReports } from '../modules/reports/reports.repository.js';
import { insertMembers } from '../test/factories.js';
import { provenThenWitnessed, recordingSql } from '../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { LARGE_TABLE_ROWS, PROOF_INDEX_SHARE } from './search.js';

/*
 * SQLite: a search's proof past the cap reads a related side's dense term (the users a notification
 * or a report names) through the users' text index when the term is spread over less than
 * PROOF_INDEX_SHARE of them (db/search.ts `proofPlans`), where it read each listed row's user by key;
 * a denser term is still checked on each row. Answers and witnesses are the same either way.
 */

describe("a dense term among the users a list names, in the count's proof (sqlite)", () => {
  let ctx: TestContext;
  /** Members; every 20th a Kilamba (5 % of the users), every 4th a Lunda (25 %). */
  const MEMBERS = 21_000;
  const kilambas: number[] = [];
  /** Each Kilamba's unread notification, oldest first. */
  const unread: number[] = [];
  /** Each Kilamba's report, oldest first. */
  const reports: number[] = [];
  const start = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.transaction().execute(async (trx) => {
      await insertMembers(trx, MEMBERS, (index) => ({
        ...(index % 20 === 0 ? { last_name: 'Kilamba' } : { last_name: 'Membro' }),
        ...(index % 4 === 0 ? { first_name: 'Lunda' } : {}),
      }));
      const rows = await trx
        .selectFrom('users')
        .select('id')
        .where('last_name', '=', 'Kilamba')
        .orderBy('id')
        .execute();
      kilambas.push(...rows.map((row) => row.id));
      for (const [index, user] of kilambas.entries()) {
        const at = (minutes: number) => new Date(start + (index * 3 + minutes) * 60_000).toISOString();
        unread.push(await insertNotificationRow(trx, { user_id: user, title: 'Rappel', created_at: at(0) }));
        await insertNotificationRow(trx, { user_id: user, title: 'Lu', is_read: true, created_at: at(1) });
        reports.push(await insertReport(trx, { reporter_id: user, reason: 'Retard', created_at: at(2) }));
      }
    });
  }, 120_000);
  afterAll(() => ctx.close());

  it('has a related term dense in a large table, under and over PROOF_INDEX_SHARE', () => {
    expect(MEMBERS).toBeGreaterThan(LARGE_TABLE_ROWS);
    expect(kilambas.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(1 / 20).toBeLessThan(PROOF_INDEX_SHARE);
    expect(1 / 4).toBeGreaterThan(PROOF_INDEX_SHARE);
  });

  /** The statements of a first request (its proof) and its answer. */
  async function proved<T>(list: (db: TestContext['db']) => Promise<T>, listed: string) {
    const { db, texts } = recordingSql(ctx.db);
    const answer = await list(db);
    const proofs = texts.filter(
      (text) =>
        text.startsWith(`select "${listed}"."id" from "${listed}" where`) && !text.includes('order by'),
    );
    return { answer, proofs };
  }

  const notifications = (search: string) => (db: TestContext['db']) =>
    listNotifications(db, NotificationListQuery.parse({ search, is_read: 'false' }), new Date());

  it('proves the unread notifications of the Kilambas through the users’ text index, then by witnesses', async () => {
    const { answer, proofs } = await proved(notifications('kilamba'), 'notifications');
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toContain('"notifications"."user_id" in (select rowid from "users_fts"');
    expect(proofs[0]).not.toContain('from "users" s where');
    // The read flag beside it stands aside: the matches are gathered by the recipients' index.
    expect(proofs[0]).toContain('+"notifications"."is_read" = ?');
    expect([answer.count, answer.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
    const newest = [...unread].reverse().slice(0, answer.results.length);
    expect(answer.results.map((row) => row.id)).toEqual(newest);
    expect(answer.results.length).toBeGreaterThan(1);
    for (const again of await provenThenWitnessed(ctx.db, notifications('kilamba'))) {
      expect([again.count, again.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
      expect(again.results.map((row) => row.id)).toEqual(newest);
    }
  });

  it('still checks a denser term on each notification visited (the Lundas)', async () => {
    const { answer, proofs } = await proved(notifications('lunda'), 'notifications');
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toContain('exists (select 1 from "users" s where s.id = "notifications"."user_id"');
    expect([answer.count, answer.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
    expect(answer.results.map((row) => row.id)).toEqual(
      [...unread].reverse().slice(0, answer.results.length),
    );
  });

  it('proves the reports naming a Kilamba through the users’ text index, on both named users', async () => {
    const list = (db: TestContext['db']) => listReports(db, ReportListQuery.parse({ search: 'kilamba' }));
    const { answer, proofs } = await proved(list, 'reports');
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toContain('"reports"."reporter_id" in (select rowid from "users_fts"');
    expect(proofs[0]).toContain('"reports"."reported_user_id" in (select rowid from "users_fts"');
    expect([answer.count, answer.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
    expect(answer.results.map((row) => row.id)).toEqual(
      [...reports].reverse().slice(0, answer.results.length),
    );
    expect(answer.results.length).toBeGreaterThan(1);
  });
});
