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

interface DisputeRow {
  id: number;
  title: string;
  status: string;
  client_name: string;
  provider_name: string;
  resolution_note: string | null;
  evidence: { id: number; user_name: string; file: string }[];
}
interface DisputePage {
  count: number;
  results: DisputeRow[];
}

const api = <T>(pathAndQuery: string) => apiGet<T>(server, session, pathAndQuery);
const frenchNumber = (value: number) => new Intl.NumberFormat('fr-FR').format(value);

async function openDisputes(page: Page, query = ''): Promise<void> {
  await storeSession(browser.context, session);
  await page.goto(`/disputes${query}`);
  await page.getByRole('table', { name: 'Litiges' }).waitFor();
}

describe('disputes list', () => {
  it('searches and filters on the server, and the URL keeps both on reload', async () => {
    const sample = (await api<DisputePage>('/disputes/?status=under_review&page_size=1')).results[0];
    expect(sample, 'the demo data has a dispute under review').toBeDefined();
    const term = (sample?.client_name ?? '').split(' ').at(-1) ?? '';
    const expected = await api<DisputePage>(
      `/disputes/?status=under_review&search=${encodeURIComponent(term)}&page_size=10`,
    );
    const { page } = browser;
    await openDisputes(page);

    await page.getByRole('textbox', { name: 'Recherche' }).fill(term);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/search=/);
    await page.getByRole('combobox', { name: 'Statut' }).click();
    await page.getByRole('option', { name: "En cours d'examen" }).click();
    await page.waitForURL(/status=under_review/);
    await page.getByText(`Total : ${frenchNumber(expected.count)} litiges`).waitFor();

    await page.reload();
    await page.getByRole('table', { name: 'Litiges' }).waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe(term);
    expect(new URL(page.url()).searchParams.get('status')).toBe('under_review');
    expect(await page.getByRole('textbox', { name: 'Recherche' }).inputValue()).toBe(term);
    await page.getByText(`Total : ${frenchNumber(expected.count)} litiges`).waitFor();
    const table = page.getByRole('table', { name: 'Litiges' });
    const badges = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(badges.length).toBe(Math.min(10, expected.count));
    expect(new Set(badges)).toEqual(new Set(["En cours d'examen"]));
    await table
      .getByText(sample?.title ?? '')
      .first()
      .waitFor();
  });
});

describe('dispute detail', () => {
  it('opens an evidence file in a new tab, and a status change with a note stays after reload', async () => {
    let dispute: DisputeRow | undefined;
    for (let pageNumber = 1; !dispute && pageNumber <= 5; pageNumber += 1) {
      const list = await api<DisputePage>(`/disputes/?page=${pageNumber}&page_size=50`);
      dispute = list.results.find((item) => item.evidence.length > 0 && item.status !== 'closed');
    }
    expect(dispute, 'the demo data has a dispute with evidence').toBeDefined();
    const id = dispute?.id ?? 0;
    const { page } = browser;
    await storeSession(browser.context, session);
    await page.goto(`/disputes/${id}`);
    await page.getByRole('heading', { name: dispute?.title ?? '' }).waitFor();
    await page.getByText(`ID: ${id}`).waitFor();

    const [popup, response] = await Promise.all([
      browser.context.waitForEvent('page'),
      browser.context.waitForEvent('response', (answer) => answer.url().includes('/api/documents/')),
      page.getByRole('link', { name: /^Voir le fichier 1 de/ }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^(image\/(png|jpeg|webp)|application\/pdf)/);
    expect(new URL(popup.url()).pathname).toMatch(/^\/api\/documents\//);
    await popup.close();

    const note = `Clôturé après médiation (e2e ${Date.now()})`;
    await page.getByRole('combobox', { name: 'Statut' }).click();
    await page.getByRole('option', { name: 'Fermé' }).click();
    await page.getByRole('textbox', { name: 'Note de résolution' }).fill(note);
    await page.getByRole('button', { name: 'Mettre à jour le statut' }).click();
    await page.getByText('Statut du litige mis à jour avec succès').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: dispute?.title ?? '' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Statut' }).inputValue()).toBe('Fermé');
    expect(await page.getByRole('textbox', { name: 'Note de résolution' }).inputValue()).toBe(note);
    const history = page.getByRole('region', { name: 'Historique des statuts' });
    await history.getByText(note).waitFor();
    const saved = await api<DisputeRow & { resolved_at: string | null }>(`/disputes/${id}/`);
    expect(saved.status).toBe('closed');
    expect(saved.resolved_at).not.toBeNull();
  });
});
