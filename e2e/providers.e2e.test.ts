import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { fetchSession, loginWithStoredSession, type StoredSession, useBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

interface ApiProvider {
  id: number;
  full_name: string;
  email: string;
  is_verified: boolean;
  user: { username: string };
}
interface ApiProviderPage {
  count: number;
  results: ApiProvider[];
  stats: { total: number; verified: number; pending: number };
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

const apiProviders = (query: string) => apiGet<ApiProviderPage>(server, session, `/providers/${query}`);

const totalText = (count: number) =>
  `Un total de ${new Intl.NumberFormat('fr-FR').format(count)} prestataire(s) trouvé(s)`;
const nameOf = (provider: ApiProvider) => provider.full_name || provider.user.username || 'Sans nom';

async function openProviders(page: Page, path = '/providers'): Promise<void> {
  await loginWithStoredSession(page, server);
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Gestion des prestataires' }).waitFor();
  await page.getByRole('article').first().waitFor();
}

function counterValue(page: Page, label: string) {
  return page.getByRole('group', { name: label, exact: true }).locator('p').nth(1);
}

describe('providers screen', () => {
  it('shows the counters of the whole set and a grid of 9 cards', async () => {
    const { page } = browser;
    const expected = await apiProviders('');
    await openProviders(page);
    await page.getByText(totalText(expected.count)).waitFor();
    expect(await counterValue(page, 'Total').textContent()).toBe(
      new Intl.NumberFormat('fr-FR').format(expected.stats.total),
    );
    expect(await counterValue(page, 'Vérifiés').textContent()).toBe(String(expected.stats.verified));
    expect(await page.getByRole('article').count()).toBe(9);
  });

  it('searches on the server after a pause in typing, and the search stays on reload', async () => {
    const { page } = browser;
    const expected = await apiProviders('?search=luanda');
    await openProviders(page);
    await page.getByRole('textbox', { name: 'Recherche' }).fill('LUANDA');
    await page.waitForURL((url) => url.searchParams.get('search') === 'LUANDA');
    await page.getByText(totalText(expected.count)).waitFor();
    const first = expected.results[0];
    if (!first) throw new Error('nobody in Luanda');
    await page
      .getByRole('article', { name: nameOf(first) })
      .first()
      .waitFor();
    await page.reload();
    await page.getByText(totalText(expected.count)).waitFor();
    expect(await page.getByRole('textbox', { name: 'Recherche' }).inputValue()).toBe('LUANDA');
  });

  it('filters verified providers', async () => {
    const { page } = browser;
    const expected = await apiProviders('?is_verified=true');
    await openProviders(page);
    await page.getByRole('combobox', { name: 'Statut', exact: true }).click();
    await page.getByRole('option', { name: 'Vérifiés', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'verified');
    await page.getByText(totalText(expected.count)).waitFor();
    const cards = await page.getByRole('article').allTextContents();
    expect(cards.length).toBe(Math.min(9, expected.count));
    expect(cards.every((card) => card.includes('Vérifié') && card.includes('Retirer'))).toBe(true);
  });

  it('verifies then unverifies a provider, the card flipping after each success', async () => {
    const { page } = browser;
    const target = (await apiProviders('?is_verified=false')).results[0];
    if (!target) throw new Error('no pending provider');
    await openProviders(page, `/providers?search=${encodeURIComponent(target.email)}`);
    const card = page.getByRole('article', { name: nameOf(target) });
    await card.getByText('En attente').waitFor();
    await card.getByRole('button', { name: 'Vérifier' }).click();
    await card.getByRole('button', { name: 'Retirer' }).waitFor();
    await card.getByText('Vérifié', { exact: true }).waitFor();
    expect((await apiProviders(`?search=${encodeURIComponent(target.email)}`)).results[0]?.is_verified).toBe(
      true,
    );

    await card.getByRole('button', { name: 'Retirer' }).click();
    await card.getByRole('button', { name: 'Vérifier' }).waitFor();
    await card.getByText('En attente').waitFor();
    expect((await apiProviders(`?search=${encodeURIComponent(target.email)}`)).results[0]?.is_verified).toBe(
      false,
    );
  });

  it('opens the details of a provider', async () => {
    const { page } = browser;
    const target = (await apiProviders('')).results[0];
    if (!target) throw new Error('no provider');
    await openProviders(page);
    await page
      .getByRole('article', { name: nameOf(target) })
      .getByRole('button', { name: 'Voir détails' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Détails du prestataire' });
    await dialog.waitFor();
    for (const label of [
      'Email',
      'Téléphone',
      'Localisation',
      'Membre depuis',
      'Note moyenne',
      "Nombre d'avis",
      'Services proposés',
      'Projets terminés',
      'À propos',
      'Compétences',
    ]) {
      expect(await dialog.getByText(label, { exact: true }).isVisible(), label).toBe(true);
    }
    await dialog.getByText(target.email).waitFor();
  });

  it('pages with the ellipsis rule', async () => {
    const { page } = browser;
    const expected = await apiProviders('');
    await openProviders(page);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const secondFirst = (await apiProviders('?page=2')).results[0];
    if (!secondFirst) throw new Error('no second page');
    await page
      .getByRole('article', { name: nameOf(secondFirst) })
      .first()
      .waitFor();
    if (expected.count > 9 * 8) expect(await pagination.getByText('...').count()).toBeGreaterThan(0);
  });
});
