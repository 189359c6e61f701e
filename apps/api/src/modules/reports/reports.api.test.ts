import type { Report, ReportPage, ReportStatus } from '@kwanza/contract';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportsTable } from '../../db/schema.js';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertReport as insertReportRow } from './reports.factories.js';

const STATUSES: ReportStatus[] = ['pending', 'under_review', 'resolved', 'dismissed'];

describe('reports API', () => {
  let ctx: TestContext;
  let reporterId: number;
  let providerId: number;
  let userId: number;
  const base = Date.UTC(2026, 9, 1, 8);

  /** A report by Célia, about nobody, on 1 October 2026 at 08:00 UTC unless told. */
  const insertReport = (values: Partial<Insertable<ReportsTable>> & { reason: string }) =>
    insertReportRow(ctx.db, {
      reporter_id: reporterId,
      created_at: new Date(base).toISOString(),
      ...values,
    });

  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
    return { status: response.statusCode, body: response.json() as ReportPage & { detail?: string } };
  };
  const reasons = (page: ReportPage) => page.results.map((report: Report) => report.reason);
  const update = (id: number, payload: object, headers: Record<string, string> = ctx.auth) =>
    ctx.app.inject({ method: 'POST', url: `/api/reports/${id}/update_status/`, headers, payload });

  beforeAll(async () => {
    ctx = await createTestContext();
    reporterId = await insertUser(ctx.db, { first_name: 'Célia', last_name: 'Mendes', username: 'celia' });
    providerId = await insertUser(ctx.db, {
      role: 'provider',
      first_name: 'Élio',
      last_name: 'Carvalho',
      username: 'elio',
    });
    userId = await insertUser(ctx.db, { first_name: 'Tomás', last_name: 'Lopes', username: 'tomas' });
    // 14 reports, one per hour: types cycle provider/user/review, statuses cycle the four.
    for (let index = 0; index < 14; index += 1) {
      const type = (['provider', 'user', 'review'] as const)[index % 3] ?? 'user';
      await insertReport({
        reason:
          index === 5
            ? 'Arnaque suspectée à la livraison'
            : `Signalement numéro ${String(index).padStart(2, '0')}`,
        type,
        status: STATUSES[index % 4] ?? 'pending',
        reported_user_id: type === 'provider' ? providerId : type === 'user' ? userId : null,
        created_at: new Date(base + index * 3600_000).toISOString(),
      });
    }
  });
  afterAll(() => ctx.close());

  it('lists newest first, 10 per page, with the names of the people', async () => {
    const { status, body } = await get('/api/reports/');
    expect(status).toBe(200);
    expect(body.count).toBe(14);
    expect(body.results).toHaveLength(10);
    expect(body.results[0]?.reason).toBe('Signalement numéro 13');
    const provider = body.results.find((report) => report.type === 'provider');
    expect(provider).toMatchObject({
      reporter_name: 'Célia Mendes',
      reporter_id: reporterId,
      reported_user_id: providerId,
      reported_provider_name: 'Élio Carvalho',
      reported_user_name: null,
    });
    const user = body.results.find((report) => report.type === 'user');
    expect(user).toMatchObject({ reported_user_name: 'Tomás Lopes', reported_provider_name: null });
    const review = body.results.find((report) => report.type === 'review');
    expect(review).toMatchObject({
      reported_user_id: null,
      reported_user_name: null,
      reported_provider_name: null,
    });
    const second = await get('/api/reports/?page=2');
    expect(reasons(second.body)).toEqual([
      'Signalement numéro 03',
      'Signalement numéro 02',
      'Signalement numéro 01',
      'Signalement numéro 00',
    ]);
  });

  it('filters by status and type on the server and counts the same', async () => {
    const providers = await get('/api/reports/?type=provider');
    expect(providers.body.count).toBe(5);
    expect(providers.body.results.every((report) => report.type === 'provider')).toBe(true);
    const dismissed = await get('/api/reports/?status=dismissed');
    expect(reasons(dismissed.body)).toEqual([
      'Signalement numéro 11',
      'Signalement numéro 07',
      'Signalement numéro 03',
    ]);
    const both = await get('/api/reports/?status=pending&type=provider');
    // index 0 (provider, pending) and 12 (provider, pending)
    expect(reasons(both.body)).toEqual(['Signalement numéro 12', 'Signalement numéro 00']);
    expect(both.body.count).toBe(2);
    const empty = await get('/api/reports/?status=&type=&search=');
    expect(empty.body.count).toBe(14);
  });

  it('searches the reason, the reporter and the reported person ignoring accents and case', async () => {
    expect(reasons((await get('/api/reports/?search=ARNAQUE%20suspectee')).body)).toEqual([
      'Arnaque suspectée à la livraison',
    ]);
    expect((await get('/api/reports/?search=celia')).body.count).toBe(14);
    const reported = await get('/api/reports/?search=elio%20carvalho');
    expect(reported.body.count).toBe(5);
    const withType = await get('/api/reports/?search=tomas&type=user&status=under_review');
    // user reports: 1, 4, 7, 10, 13; under_review: 1, 5, 9, 13
    expect(reasons(withType.body)).toEqual(['Signalement numéro 13', 'Signalement numéro 01']);
  });

  it('answers 400 in French for bad filters', async () => {
    const badType = await get('/api/reports/?type=comment');
    expect(badType.status).toBe(400);
    expect(badType.body.detail).toContain('Type invalide');
    const badStatus = await get('/api/reports/?status=open');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.detail).toContain('Statut invalide');
  });

  it('changes status and notes from any status to any other, recording who and when', async () => {
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const id = await insertReport({ reason: `Transition ${from} ${to}`, status: from });
        const started = Date.now();
        const response = await update(id, { status: to, admin_notes: `  ${from} vers ${to} ` });
        expect(response.statusCode, `${from} -> ${to}`).toBe(200);
        const report = response.json() as Report;
        expect(report).toMatchObject({ id, status: to, admin_notes: `${from} vers ${to}` });
        expect(report.reviewed_by?.id).toBe(ctx.adminId);
        expect(Date.parse(report.reviewed_at ?? '')).toBeGreaterThanOrEqual(started - 1000);
        expect(report.updated_at).toBe(report.reviewed_at);
      }
    }
    const id = await insertReport({ reason: 'Notes', admin_notes: 'À garder' });
    expect(((await update(id, { status: 'resolved' })).json() as Report).admin_notes).toBe('À garder');
    expect(
      ((await update(id, { status: 'resolved', admin_notes: '' })).json() as Report).admin_notes,
    ).toBeNull();
  });

  it('refuses bad bodies with a French 400 and unknown reports with a 404', async () => {
    const id = await insertReport({ reason: 'Refus' });
    for (const payload of [{ status: 'closed' }, {}, { status: 'resolved', admin_notes: 3 }]) {
      const response = await update(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await update(id, { status: 'closed' })).json().detail).toContain('Statut invalide');
    const missing = await update(999_999, { status: 'resolved' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Signalement introuvable.');
    const row = await ctx.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', reviewed_by: null, reviewed_at: null });
  });

  it('keeps each saved pair of status and notes whole under concurrent changes', async () => {
    const id = await insertReport({ reason: 'Course' });
    const requests = [];
    for (let index = 0; index < 12; index += 1) {
      requests.push(update(id, { status: STATUSES[index % 4] ?? 'pending', admin_notes: `n${index % 4}` }));
    }
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const row = await ctx.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.admin_notes).toBe(`n${STATUSES.indexOf(row.status)}`);
    expect(row.reviewed_by).toBe(ctx.adminId);
  });
});
