import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { fetchSession, loginWithStoredSession, type StoredSession, useBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

interface ApiProviderVerification {
  id: number;
  provider_name: string;
  provider_email: string;
  verification_status: string;
  id_card_front: string | null;
  document_type: string;
  submitted_at: string;
}
interface ApiClientVerification {
  id: number;
  client_email: string;
  verification_status: string;
}
interface ApiPage<T> {
  count: number;
  results: T[];
}

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

const api = <T>(path: string) => apiGet<T>(server, session, path);

/** Pending provider verifications (oldest first), skipping those already used by another test. */
const usedIds = new Set<number>();
async function takePendingProviders(count: number): Promise<ApiProviderVerification[]> {
  const page = await api<ApiPage<ApiProviderVerification>>(
    '/admin/provider-verification/pending/?page_size=100',
  );
  // Unique e-mails only, so that a search by e-mail shows exactly that verification.
  const emails = new Map<string, number>();
  for (const row of page.results) emails.set(row.provider_email, (emails.get(row.provider_email) ?? 0) + 1);
  const picked = page.results
    .filter((row) => !usedIds.has(row.id) && emails.get(row.provider_email) === 1)
    .slice(0, count);
  if (picked.length < count)
    throw new Error('Pas assez de vérifications en attente dans les données de démonstration');
  for (const row of picked) usedIds.add(row.id);
  return picked;
}

async function providerStatus(id: number): Promise<string> {
  return (await api<ApiProviderVerification>(`/admin/provider-verification/${id}/`)).verification_status;
}

async function waitForValue<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await read()) !== expected) {
    if (Date.now() > deadline) throw new Error(`Valeur attendue ${String(expected)} non atteinte`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function openVerifications(page: Page, query = ''): Promise<void> {
  await loginWithStoredSession(page, server);
  await page.goto(`/user-verification${query}`);
  await page.getByRole('heading', { level: 1, name: 'Gestion des Vérifications' }).waitFor();
}

function statCard(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

describe('verification management (/user-verification)', () => {
  it('approves one provider verification; row, stat cards and tab badge update without reload', async () => {
    const { page } = browser;
    const [target] = await takePendingProviders(1);
    if (!target) throw new Error('aucune cible');
    const before = await api<{ status_distribution: { pending: number } }>(
      '/admin/provider-verification/statistics/',
    );
    await openVerifications(page, `?search=${encodeURIComponent(target.provider_email)}`);
    const row = page.getByRole('row', { name: new RegExp(target.provider_email.replace(/[.+]/g, '\\$&')) });
    await row.getByRole('button', { name: 'Approuver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approuver la vérification' });
    await dialog.getByLabel('Notes administratives (optionnel)').fill('Pièces conformes');
    await dialog.getByRole('button', { name: 'Approuver' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await row.getByText('Vérifié', { exact: true }).waitFor();
    await waitForValue(() => providerStatus(target.id), 'verified');
    const expectedPending = new Intl.NumberFormat('fr-FR').format(before.status_distribution.pending - 1);
    await statCard(page, 'En attente').getByText(expectedPending, { exact: true }).waitFor();
    await page
      .getByRole('tab', { name: /Prestataires/ })
      .getByText(String(before.status_distribution.pending - 1))
      .waitFor();
  });

  it('refuses a rejection without a reason, then rejects with one', async () => {
    const { page } = browser;
    const [target] = await takePendingProviders(1);
    if (!target) throw new Error('aucune cible');
    await openVerifications(page, `?search=${encodeURIComponent(target.provider_email)}`);
    const row = page.getByRole('row', { name: new RegExp(target.provider_email.replace(/[.+]/g, '\\$&')) });
    await row.getByRole('button', { name: 'Rejeter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rejeter la vérification' });
    await dialog.getByRole('button', { name: 'Rejeter' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'La raison du rejet est obligatoire' }).waitFor();
    expect(await providerStatus(target.id)).toBe('pending');

    // Marked required (the asterisk is not read), its error tied to it.
    const reason = dialog.getByRole('textbox', { name: 'Raison du rejet' });
    expect(await reason.getAttribute('required')).not.toBeNull();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    await reason.fill('Photo du document illisible');
    await dialog.getByRole('button', { name: 'Rejeter' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Rejeté', { exact: true }).waitFor();
    const detail = await api<{ rejection_reason: string }>(`/admin/provider-verification/${target.id}/`);
    expect(detail.rejection_reason).toBe('Photo du document illisible');
  });

  it('bulk approves two selected provider verifications', async () => {
    const { page } = browser;
    const expected = await api<ApiPage<ApiProviderVerification>>(
      '/admin/provider-verification/?status=pending&page=1&page_size=20',
    );
    const targets = expected.results.slice(0, 2);
    expect(targets).toHaveLength(2);
    for (const target of targets) usedIds.add(target.id);
    await openVerifications(page, '?status=pending');
    const rows = page.getByRole('table').locator('tbody tr');
    await rows
      .first()
      .getByText(targets[0]?.provider_email ?? '')
      .waitFor();
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Sélection' });
    await bar.getByText('2 vérification(s) sélectionnée(s)').waitFor();
    await bar.getByRole('button', { name: 'Approuver la sélection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approuver les vérifications sélectionnées' });
    await dialog.getByRole('button', { name: 'Approuver la sélection' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await bar.waitFor({ state: 'detached' });
    for (const target of targets) await waitForValue(() => providerStatus(target.id), 'verified');
    // The pending list no longer shows them.
    await rows.first().waitFor();
    for (const target of targets) {
      await page
        .getByRole('table')
        .getByText(target.provider_email, { exact: true })
        .waitFor({ state: 'detached' });
    }
  });

  it('opens a provider verification from the URL and shows a document in the enlarged viewer', async () => {
    const { page } = browser;
    const list = await api<ApiPage<ApiProviderVerification>>('/admin/provider-verification/?page_size=100');
    // The list issues no document links (only the detail does, recorded in the audit journal); every
    // seeded identity card has its pictures.
    expect(list.results.every((row) => row.id_card_front === null)).toBe(true);
    const target = list.results.find((row) => row.document_type === 'id_card');
    if (!target)
      throw new Error('aucune vérification avec une carte d’identité dans les données de démonstration');
    await openVerifications(page, `?verification=${target.id}`);
    const modal = page.getByRole('dialog', { name: 'Détail de la vérification' });
    await modal.getByText('Informations générales').waitFor();
    await modal.getByText("Carte d'identité", { exact: true }).waitFor();
    await modal.getByRole('button', { name: "Agrandir : Carte d'identité (recto)" }).click();
    const viewer = page.getByRole('dialog', { name: "Carte d'identité (recto)" });
    const image = viewer.getByRole('img', { name: "Carte d'identité (recto) (agrandi)" });
    await image.waitFor();
    await page.waitForFunction(
      (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
      await image.elementHandle(),
    );
    const source = await image.getAttribute('src');
    expect(source).toMatch(/^\/api\/documents\/.+\?expires=\d+&signature=[0-9a-f]{64}$/);
    // Escape closes the viewer only; a second one closes the detail, which removes the parameter.
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    expect(await modal.isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('verification')).toBe(String(target.id));
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('verification')).toBeNull();
  });

  it('downloads the CSV export with the current filters', async () => {
    const { page } = browser;
    await openVerifications(page, '?status=verified');
    await page.getByRole('table').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^verifications-prestataires-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const content = readFileSync(file, 'utf8');
    expect(content.charCodeAt(0)).toBe(0xfeff);
    const lines = content.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^ID;Prestataire;/);
    const expected = await api<ApiPage<ApiProviderVerification>>(
      '/admin/provider-verification/?status=verified',
    );
    expect(lines.length - 1).toBe(expected.count);
    expect(lines.slice(1).every((line) => line.includes(';Vérifié;'))).toBe(true);
    // Dates in the admin's time zone (never saved: Luanda's), named in the headers, as dd/mm/yyyy HH:mm.
    const headers = (lines[0] ?? '').split(';');
    const submittedColumn = headers.indexOf('Soumis le (Africa/Luanda)');
    expect(submittedColumn).toBeGreaterThan(0);
    expect(headers).toContain('Traité le (Africa/Luanda)');
    const first = expected.results[0];
    const firstLine = lines.slice(1).find((line) => line.startsWith(`${first?.id};`));
    if (!first || !firstLine) throw new Error('the export lacks the first verified row');
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('fr-FR', {
        timeZone: 'Africa/Luanda',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(first.submitted_at))
        .map((part) => [part.type, part.value]),
    );
    expect(firstLine.split(';')[submittedColumn]).toBe(
      `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`,
    );
  });
});

describe('client verifications (/client-verification)', () => {
  it('resets a rejected client verification to pending', async () => {
    const { page } = browser;
    const rejected = await api<ApiPage<ApiClientVerification>>(
      '/admin/client-verification/?verification_status=rejected&page_size=100',
    );
    const emails = new Map<string, number>();
    for (const row of rejected.results) emails.set(row.client_email, (emails.get(row.client_email) ?? 0) + 1);
    const target = rejected.results.find((row) => emails.get(row.client_email) === 1);
    if (!target) throw new Error('aucune vérification client rejetée dans les données de démonstration');

    await loginWithStoredSession(page, server);
    await page.goto(`/client-verification?status=rejected&search=${encodeURIComponent(target.client_email)}`);
    await page.getByRole('heading', { level: 1, name: 'Vérifications Clients' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(target.client_email.replace(/[.+]/g, '\\$&')) });
    await row.getByRole('button', { name: 'Réinitialiser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réinitialiser la vérification' });
    expect(await dialog.getByLabel('Notes administratives (optionnel)').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The list is filtered on rejected: the reset verification leaves it.
    await page.getByText('Aucune vérification trouvée').waitFor();
    const detail = await api<{ verification_status: string; rejection_reason: string | null }>(
      `/admin/client-verification/${target.id}/`,
    );
    expect(detail).toMatchObject({ verification_status: 'pending', rejection_reason: null });
  });
});
