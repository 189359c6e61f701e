import type { AuditPage } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import {
  auditEntriesAfter,
  insertAuditEntry,
  insertLoginEntries,
  lastAuditId,
} from './audit.test-support.js';

/*
 * GET /api/admin/audit/ and its CSV export: every filter, newest first, pages, and the French 400s.
 */

describe('the audit journal list and export', () => {
  let ctx: TestContext;
  const ids: Record<string, number> = {};
  const ana = { id: 9001, label: 'ana@kwanza.test' };
  const bruno = { id: 9002, label: 'bruno@kwanza.test' };

  beforeAll(async () => {
    ctx = await createTestContext();
    // In Luanda time (UTC+1): the 9th at 23:30 UTC is already the 10th.
    ids.login = await insertAuditEntry(ctx.db, {
      action: 'auth.login',
      created_at: '2026-03-08T09:00:00.000Z',
      admin: ana,
      object: { type: 'user', id: ana.id, label: 'Ana Costa (ana@kwanza.test)' },
      ip_address: '10.0.0.7',
    });
    ids.reject = await insertAuditEntry(ctx.db, {
      action: 'provider_verification.reject',
      created_at: '2026-03-09T23:30:00.000Z',
      admin: bruno,
      object: { type: 'provider_verification', id: 42, label: 'Ângela Tchissola (angela@exemple.ao)' },
      changes: [{ field: 'verification_status', before: 'pending', after: 'rejected' }],
    });
    ids.dispute = await insertAuditEntry(ctx.db, {
      action: 'dispute.update_status',
      created_at: '2026-03-11T10:00:00.000Z',
      admin: ana,
      object: { type: 'dispute', id: 7, label: '=HYPERLINK("http://evil")' },
      changes: [{ field: 'status', before: 'open', after: 'closed' }],
    });
    ids.approve = await insertAuditEntry(ctx.db, {
      action: 'provider_verification.approve',
      created_at: '2026-03-12T08:00:00.000Z',
      admin: ana,
      object: { type: 'provider_verification', id: 42, label: 'Ângela Tchissola (angela@exemple.ao)' },
    });
    ids.failed = await insertAuditEntry(ctx.db, {
      action: 'auth.login_failed',
      created_at: '2026-03-12T09:00:00.000Z',
      admin: null,
      details: { email: 'intrus@exemple.ao', reason: 'invalid_credentials' },
    });
  });
  afterAll(() => ctx.close());

  async function list(query: string): Promise<AuditPage> {
    const response = await ctx.request('GET', `/api/admin/audit/${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>();
  }
  const idsOf = (page: AuditPage) => page.results.map((entry) => entry.id);

  it('lists every entry newest first, with its fields as recorded', async () => {
    const page = await list('?date_from=2026-03-01&date_to=2026-03-31');
    expect(idsOf(page)).toEqual([ids.failed, ids.approve, ids.dispute, ids.reject, ids.login]);
    expect(page.count).toBe(5);
    expect(page.results[3]).toEqual({
      id: ids.reject,
      created_at: '2026-03-09T23:30:00.000Z',
      admin: bruno,
      request_id: expect.stringMatching(/^test-/),
      ip_address: '127.0.0.1',
      action: 'provider_verification.reject',
      object: { type: 'provider_verification', id: 42, label: 'Ângela Tchissola (angela@exemple.ao)' },
      changes: [{ field: 'verification_status', before: 'pending', after: 'rejected' }],
      details: null,
    });
    expect(page.results[0]?.admin).toBeNull();
  });

  it('filters by admin, action, object, period (Luanda days) and text', async () => {
    expect(idsOf(await list(`?admin=${ana.id}&date_to=2026-03-31`))).toEqual([
      ids.approve,
      ids.dispute,
      ids.login,
    ]);
    expect(idsOf(await list('?action=provider_verification.reject'))).toEqual([ids.reject]);
    expect(idsOf(await list('?object_type=provider_verification&object_id=42'))).toEqual([
      ids.approve,
      ids.reject,
    ]);
    expect(idsOf(await list('?object_type=dispute'))).toEqual([ids.dispute]);
    expect(idsOf(await list('?date_from=2026-03-10&date_to=2026-03-11'))).toEqual([ids.dispute, ids.reject]);
    expect(idsOf(await list('?date_from=2026-03-08&date_to=2026-03-09'))).toEqual([ids.login]);
    expect(idsOf(await list('?search=TCHISSOLA'))).toEqual([ids.approve, ids.reject]);
    expect(idsOf(await list('?search=intrus@exemple'))).toEqual([ids.failed]);
    expect(idsOf(await list('?search=10.0.0.7'))).toEqual([ids.login]);
    expect(idsOf(await list(`?admin=${ana.id}&action=provider_verification.approve&search=angela`))).toEqual([
      ids.approve,
    ]);
    // beside a search's few ids, every filter still applies (db/search.ts `filteredColumn`)
    expect(idsOf(await list('?search=tchissola&date_from=2026-03-10&date_to=2026-03-11'))).toEqual([
      ids.reject,
    ]);
    expect(idsOf(await list('?search=tchissola&object_type=provider_verification&object_id=42'))).toEqual([
      ids.approve,
      ids.reject,
    ]);
    expect(idsOf(await list('?search=tchissola&object_type=dispute'))).toEqual([]);
    expect(
      (await list('?action=&object_type=&admin=&search=&date_from=&date_to=')).count,
    ).toBeGreaterThanOrEqual(5);
  });

  it('counts each combination of filters exactly, one statement per combination', async () => {
    // Without a search the count is a statement compiled once per combination of filters
    // (audit.repository `countUnsearched`): each query answers its own count, whatever came before.
    const counted = async (query: string) => {
      const page = await list(query);
      expect(page.count, query).toBe(page.results.length);
      return page.count;
    };
    for (let round = 0; round < 2; round += 1) {
      expect(await counted(`?admin=${ana.id}&date_to=2026-03-31`)).toBe(3);
      expect(await counted('?action=provider_verification.reject')).toBe(1);
      expect(await counted('?action=auth.login_failed')).toBe(1);
      expect(await counted('?object_type=provider_verification&object_id=42')).toBe(2);
      expect(await counted('?object_type=provider_verification&object_id=7')).toBe(0);
      expect(await counted('?object_type=dispute')).toBe(1);
      expect(await counted('?date_from=2026-03-10&date_to=2026-03-11')).toBe(2);
      expect(await counted('?date_from=2026-03-08&date_to=2026-03-09')).toBe(1);
      expect(await counted('?date_from=2026-03-12')).toBe(2);
      expect(await counted(`?admin=${ana.id}&action=provider_verification.approve`)).toBe(1);
    }
  });

  it('pages the journal', async () => {
    const first = await list('?date_to=2026-03-31&page_size=2');
    expect(idsOf(first)).toEqual([ids.failed, ids.approve]);
    expect(first.count).toBe(5);
    expect(first.next).toBe('/api/admin/audit/?date_to=2026-03-31&page_size=2&page=2');
    const last = await list('?date_to=2026-03-31&page_size=2&page=3');
    expect(idsOf(last)).toEqual([ids.login]);
    expect(last.next).toBeNull();
  });

  it('answers one entry by id, 404 when there is none', async () => {
    const entry = await ctx.request('GET', `/api/admin/audit/${ids.reject}/`);
    expect(entry.statusCode).toBe(200);
    expect(entry.json()).toMatchObject({
      id: ids.reject,
      action: 'provider_verification.reject',
      admin: bruno,
    });
    const missing = await ctx.request('GET', '/api/admin/audit/99999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe("Entrée du journal d'audit introuvable.");
  });

  it('answers French 400s for bad filters', async () => {
    for (const [query, field] of [
      ['?object_id=42', 'object_id'],
      ['?date_from=2026-03-12&date_to=2026-03-01', 'date_to'],
      ['?action=user.explode', 'action'],
      ['?object_type=planet', 'object_type'],
      ['?date_from=12/03/2026', 'date_from'],
      ['?admin=0x10', 'admin'],
    ] as const) {
      const response = await ctx.request('GET', `/api/admin/audit/${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), query).toContain(field);
    }
  });

  it('exports the filtered journal as CSV, neutralising formulas, and records the export', async () => {
    const mark = await lastAuditId(ctx.db);
    const response = await ctx.request('GET', `/api/admin/audit/export/?admin=${ana.id}&date_to=2026-03-31`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="journal-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      "ID;Date (UTC);Administrateur;Adresse IP;Identifiant de requête;Code action;Action;Type d'objet;ID de l'objet;Objet;Modifications;Détails",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${ids.approve};2026-03-12T08:00:00.000Z;ana@kwanza.test`);
    expect(lines[1]).toContain(
      "Approbation d'une vérification de prestataire;Vérification de prestataire;42",
    );
    expect(lines[2]).toContain(`'=HYPERLINK(""http://evil"")`);
    expect(lines[2]).toContain('status : open → closed');
    expect(lines[3]).toContain('auth.login;Connexion;Utilisateur');

    const entries = await auditEntriesAfter(ctx.db, mark);
    expect(entries.map((entry) => [entry.action, entry.object, entry.details])).toEqual([
      ['audit.export', null, { filters: { admin: ana.id, date_to: '2026-03-31' } }],
    ]);

    const refused = await ctx.request('GET', '/api/admin/audit/export/?object_id=3');
    expect(refused.statusCode).toBe(400);
    expect(await auditEntriesAfter(ctx.db, mark)).toHaveLength(1);
  });

  it('streams a large export in chunks, newest first, without losing an entry at a chunk boundary', async () => {
    const at = '2025-06-01T12:00:00.000Z';
    await insertLoginEntries(ctx.db, 2100, (index) => ({
      created_at: index < 1500 ? at : `2025-06-0${2 + (index % 5)}T12:00:00.000Z`,
      admin_id: 9100,
      admin_label: 'masse@kwanza.test',
      search_text: 'masse',
    }));
    const response = await ctx.request('GET', '/api/admin/audit/export/?admin=9100');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(lines).toHaveLength(2100);
    const exported = lines.map((line) => Number(line.split(';')[0]));
    expect(new Set(exported).size).toBe(2100);
    const dates = lines.map((line) => line.split(';')[1] ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
