import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { fetchSession, type StoredSession, storeSession, useBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

let server: RunningServer;
let session: StoredSession;

beforeAll(async () => {
  server = await startServer();
  session = await fetchSession(server);
});

afterAll(async () => {
  await server?.stop();
});

const browser = useBrowser(() => server);

interface ReportRow {
  id: number;
  reason: string;
  status: string;
  type: string;
  admin_notes: string | null;
  reviewed_by: { id: number; name: string } | null;
}
interface ReportPage {
  count: number;
  results: ReportRow[];
}

const api = <T>(pathAndQuery: string) => apiGet<T>(server, session, pathAndQuery);

async function openReports(page: Page, query = ''): Promise<void> {
  await storeSession(browser.context, session);
  await page.goto(`/reports${query}`);
  await page.getByRole('table', { name: 'Signalements' }).waitFor();
}

const preview = (reason: string) => (reason.length > 50 ? `${reason.slice(0, 50)}...` : reason);

describe('reports', () => {
  it('filters by type and status on the server, keeps them on reload, and saves a status with notes', async () => {
    const expected = await api<ReportPage>('/reports/?type=provider&status=pending&page_size=10');
    expect(expected.count, 'the demo data has pending reports of providers').toBeGreaterThan(0);
    const { page } = browser;
    await openReports(page);

    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Prestataire' }).click();
    await page.waitForURL(/type=provider/);
    await page.getByRole('combobox', { name: 'Statut' }).click();
    await page.getByRole('option', { name: 'En attente' }).click();
    await page.waitForURL(/status=pending/);

    await page.reload();
    const table = page.getByRole('table', { name: 'Signalements' });
    await table.waitFor();
    expect(await page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('Prestataire');
    expect(await page.getByRole('combobox', { name: 'Statut' }).inputValue()).toBe('En attente');
    const first = expected.results[0];
    await table
      .locator('tbody tr')
      .first()
      .getByText(preview(first?.reason ?? ''))
      .waitFor();
    const types = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(types.length).toBe(Math.min(10, expected.count));
    expect(new Set(types.map((text) => text.trim()))).toEqual(new Set(['Prestataire']));
    const statuses = await table.locator('tbody tr td:nth-child(5)').allInnerTexts();
    expect(new Set(statuses)).toEqual(new Set(['En attente']));

    await page.getByRole('button', { name: `Voir détails du signalement ${first?.id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Détails du signalement' });
    await dialog
      .getByText(first?.reason ?? '')
      .first()
      .waitFor();
    await dialog.getByRole('combobox', { name: 'Statut' }).click();
    await page.getByRole('option', { name: "En cours d'examen" }).last().click();
    const notes = `Vérification en cours (e2e ${Date.now()})`;
    await dialog.getByRole('textbox', { name: 'Notes administratives' }).fill(notes);
    await dialog.getByRole('button', { name: 'Mettre à jour le statut' }).click();
    await page.getByText('Statut du signalement mis à jour avec succès.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    let saved: ReportRow | undefined;
    for (let pageNumber = 1; !saved && pageNumber <= 50; pageNumber += 1) {
      const list = await api<ReportPage>(
        `/reports/?type=provider&status=under_review&page=${pageNumber}&page_size=100`,
      );
      saved = list.results.find((report) => report.id === first?.id);
      if (list.results.length < 100) break;
    }
    expect(saved).toMatchObject({ status: 'under_review', admin_notes: notes });
    expect(saved?.reviewed_by).not.toBeNull();
    // The row left the pending list it no longer belongs to.
    await table
      .getByRole('button', { name: `Voir détails du signalement ${first?.id}`, exact: true })
      .waitFor({ state: 'detached' });
  });
});
