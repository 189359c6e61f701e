import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderVerificationsTable } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertProvider } from '../providers/providers.factories.js';
import {
  exportDateFormatter,
  exportTimeZone,
  generateProviderVerificationCsv,
  neutralizeFormula,
} from './provider-verifications.export.js';
import { hoursAgo, insertProviderVerification } from './verifications.factories.js';

const EXPORT_URL = '/api/admin/provider-verification/export/';

function parseLines(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
}

describe('CSV export of provider verifications', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('neutralises values that a spreadsheet would run as formulas', () => {
    expect(neutralizeFormula('=HYPERLINK("http://evil")')).toBe(`'=HYPERLINK("http://evil")`);
    expect(neutralizeFormula('+244 923')).toBe(`'+244 923`);
    expect(neutralizeFormula('-1')).toBe(`'-1`);
    expect(neutralizeFormula('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(neutralizeFormula('\tcmd')).toBe(`'\tcmd`);
    expect(neutralizeFormula('Kwanza = top')).toBe('Kwanza = top');
  });

  it('answers a UTF-8 CSV with BOM, French headers, escaped values and the list filters', async () => {
    const userId = (
      await insertProvider(ctx.db, {
        username: 'eve',
        first_name: '=cmd|',
        last_name: "' /C calc'!A0",
        phone_number: '+244 900 000 000',
      })
    ).userId;
    await insertProviderVerification(ctx.db, {
      user_id: userId,
      is_business: true,
      business_name: '@Société; "Lda"',
      rejection_reason: null,
      admin_notes: 'Ligne 1\nLigne 2',
    });
    await insertProviderVerification(ctx.db, {
      verification_status: 'verified',
      submitted_at: hoursAgo(24 * 40),
    });

    const response = await ctx.app.inject({ method: 'GET', url: EXPORT_URL, headers: ctx.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="verifications-prestataires-${today}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const body = response.body;
    const [header] = parseLines(body);
    expect(header).toBe(
      "ID;Prestataire;Nom d'utilisateur;E-mail;Téléphone;Type de compte;Raison sociale;NIF;Numéro d'enregistrement;" +
        'Type de document;Statut;Soumis le (Africa/Luanda);Traité le (Africa/Luanda);Traité par;Raison du rejet;' +
        'Notes administratives',
    );
    expect(body).toContain(`'=cmd| ' /C calc'!A0;eve;`);
    expect(body).toContain(`;'+244 900 000 000;Entreprise;"'@Société; ""Lda""";`);
    expect(body).toContain('"Ligne 1\nLigne 2"');
    expect(body).toContain(";Carte d'identité;En attente;");
    expect(body).not.toMatch(/;=/);

    const filtered = await ctx.app.inject({
      method: 'GET',
      url: `${EXPORT_URL}?format=csv&status=verified&days=60`,
      headers: ctx.auth,
    });
    const lines = parseLines(filtered.body);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(';Vérifié;');
    const badFormat = await ctx.app.inject({
      method: 'GET',
      url: `${EXPORT_URL}?format=xlsx`,
      headers: ctx.auth,
    });
    expect(badFormat.statusCode).toBe(400);
  });
});

describe('dates of the CSV export', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('formats dd/mm/yyyy HH:mm in a time zone, and falls back to Luanda for a zone Intl does not know', () => {
    // 23:30 UTC is already the next day in Luanda (UTC+1) and still the same day in São Paulo (UTC-3).
    expect(exportDateFormatter('Africa/Luanda')('2026-03-05T23:30:00.000Z')).toBe('06/03/2026 00:30');
    expect(exportDateFormatter('America/Sao_Paulo')('2026-03-05T23:30:00.000Z')).toBe('05/03/2026 20:30');
    expect(exportDateFormatter('Europe/Paris')('2026-07-01T08:05:00.000Z')).toBe('01/07/2026 10:05');
    expect(exportDateFormatter('Africa/Luanda')(null)).toBe('');
    expect(exportTimeZone('Mars/Olympus_Mons')).toBe('Africa/Luanda');
    expect(exportTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it("writes the dates in the admin's saved time zone and names it in the headers", async () => {
    const userId = (await insertProvider(ctx.db, { username: 'fuseau' })).userId;
    await insertProviderVerification(ctx.db, {
      user_id: userId,
      verification_status: 'verified',
      submitted_at: '2026-03-05T23:30:00.000Z',
      verified_at: '2026-03-06T09:15:00.000Z',
    });
    const exportLines = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: EXPORT_URL, headers: ctx.auth });
      expect(response.statusCode).toBe(200);
      const [header, row] = parseLines(response.body);
      const columns = (header ?? '').split(';');
      const values = (row ?? '').split(';');
      const columnValue = (name: string) => values[columns.findIndex((column) => column.startsWith(name))];
      return { columns, submitted: columnValue('Soumis le'), processed: columnValue('Traité le') };
    };

    // Never saved: Luanda's time (UTC+1), the default of the settings.
    const byDefault = await exportLines();
    expect(byDefault.columns).toContain('Soumis le (Africa/Luanda)');
    expect(byDefault.columns).toContain('Traité le (Africa/Luanda)');
    expect(byDefault.submitted).toBe('06/03/2026 00:30');
    expect(byDefault.processed).toBe('06/03/2026 10:15');

    // Saved as the settings screen saves it (the request records its audit entry).
    const saved = await ctx.request('PUT', '/api/auth/me/preferences/', {
      notifications: {
        email_notifications: true,
        push_notifications: false,
        new_messages: true,
        new_disputes: true,
        status_updates: true,
        marketing_emails: false,
      },
      application: { language: 'fr', timezone: 'America/New_York', theme: 'light' },
    });
    expect(saved.statusCode).toBe(200);
    // New York is UTC-5 in early March (summer time starts on 8 March 2026).
    const inNewYork = await exportLines();
    expect(inNewYork.columns).toContain('Soumis le (America/New_York)');
    expect(inNewYork.submitted).toBe('05/03/2026 18:30');
    expect(inNewYork.processed).toBe('06/03/2026 04:15');
  });
});

describe('large CSV export', () => {
  /*
   * 6,000 rows (six chunks of 500 business rows) keep the API suite fast on both databases, loaded
   * machines included; the 100,000-row memory check lives in
   * apps/api/bench/verification-export-bench.ts (`NODE_OPTIONS=--expose-gc npx tsx apps/api/bench/verification-export-bench.ts`).
   */
  const ROWS = 6_000;
  const CHUNK = 500;
  let ctx: TestContext;
  // 20,000 rows through the counting triggers take close to a minute on PostgreSQL on a busy machine.
  beforeAll(async () => {
    ctx = await createTestContext();
    const users = await Promise.all(
      Array.from({ length: 5 }, async () => (await insertProvider(ctx.db)).userId),
    );
    const submitted = new Date().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      for (let start = 0; start < ROWS; start += 500) {
        const batch: Insertable<ProviderVerificationsTable>[] = [];
        for (let index = start; index < Math.min(start + 500, ROWS); index += 1) {
          batch.push({
            user_id: users[index % users.length] ?? 0,
            is_business: index % 2 === 0,
            document_type: 'id_card',
            verification_status: 'pending',
            submitted_at: submitted,
            updated_at: submitted,
          });
        }
        await trx.insertInto('provider_verifications').values(batch).execute();
      }
    });
  }, 180_000);
  afterAll(() => ctx.close());

  it('streams every row in chunks read by keyset pagination', async () => {
    const chunks: string[] = [];
    for await (const chunk of generateProviderVerificationCsv(
      ctx.db,
      { is_business: true },
      { now: new Date(), timeZone: 'Africa/Luanda', chunkSize: CHUNK },
    )) {
      chunks.push(chunk);
    }
    // header + 6 chunks of 500 business rows
    expect(chunks).toHaveLength(1 + ROWS / 2 / CHUNK);
    expect(chunks.slice(1).every((chunk) => parseLines(chunk).length === CHUNK)).toBe(true);

    const response = await ctx.app.inject({ method: 'GET', url: EXPORT_URL, headers: ctx.auth });
    expect(response.statusCode).toBe(200);
    const lines = parseLines(response.body);
    expect(lines).toHaveLength(ROWS + 1);
    const ids = lines.slice(1).map((line) => Number(line.split(';')[0]));
    expect(new Set(ids).size).toBe(ROWS);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
