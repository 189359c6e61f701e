import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { fetchSession, loginWithStoredSession, type StoredSession, useBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

interface ApiUser {
  id: number;
  username: string;
  email: string;
  role: 'client' | 'provider' | 'admin';
  is_active: boolean;
  provider_verification: { id: number | null; exists: boolean };
}
interface ApiUserPage {
  count: number;
  results: ApiUser[];
  stats: { pending: number; verified: number; rejected: number; phone_verified: number };
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

/** The same list the screen shows, asked to the API directly (to compare with what is on screen). */
const apiUsers = (query: string) => apiGet<ApiUserPage>(server, session, `/users/${query}`);

const totalText = (count: number) =>
  `Un total de ${new Intl.NumberFormat('fr-FR').format(count)} utilisateurs trouvés`;

async function openUsers(page: Page, path = '/users'): Promise<void> {
  await loginWithStoredSession(page, server);
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Gestion des utilisateurs' }).waitFor();
  await page.getByRole('table', { name: 'Utilisateurs' }).waitFor();
}

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function rowOf(page: Page, username: string) {
  return page.getByRole('row').filter({ hasText: `@${username}` });
}

describe('users screen', () => {
  it('shows the total, the whole-set counters, the link to the verifications and the first page', async () => {
    const { page } = browser;
    const expected = await apiUsers('');
    await openUsers(page);
    await page.getByText(totalText(expected.count)).waitFor();
    expect(await page.getByRole('link', { name: 'Vérifications détaillées' }).getAttribute('href')).toBe(
      '/user-verification',
    );
    const counters = [
      ['En attente', expected.stats.pending],
      ['Vérifiés', expected.stats.verified],
      ['Rejetés', expected.stats.rejected],
      ['Tél. vérifiés', expected.stats.phone_verified],
    ] as const;
    // The server's whole-set figures, not counts over the 10 rows shown.
    expect(expected.stats.pending + expected.stats.verified + expected.stats.rejected).toBeGreaterThan(10);
    for (const [label, value] of counters) {
      const counter = page.getByRole('group', { name: label, exact: true }).locator('p').nth(1);
      await counter.filter({ hasText: new Intl.NumberFormat('fr-FR').format(value) }).waitFor();
      expect(await counter.textContent(), label).toBe(new Intl.NumberFormat('fr-FR').format(value));
    }
    expect(await page.getByRole('table', { name: 'Utilisateurs' }).getByRole('row').count()).toBe(11);
    await page
      .getByText(`Affichage de 1 à 10 sur ${new Intl.NumberFormat('fr-FR').format(expected.count)} résultats`)
      .waitFor();
  });

  it('filters by role and by verification, on the server, with the filters in the URL', async () => {
    const { page } = browser;
    await openUsers(page);
    const providers = await apiUsers('?role=provider');
    await chooseOption(page, 'Rôle', 'Prestataire');
    await page.waitForURL((url) => url.searchParams.get('role') === 'provider');
    await page.getByText(totalText(providers.count)).waitFor();
    const roleBadges = await page
      .getByRole('table', { name: 'Utilisateurs' })
      .locator('tbody tr')
      .allTextContents();
    expect(roleBadges.every((row) => row.includes('Prestataire'))).toBe(true);

    const pendingProviders = await apiUsers('?role=provider&verification_status=pending');
    await chooseOption(page, 'Vérification', 'En attente');
    await page.waitForURL((url) => url.searchParams.get('verification_status') === 'pending');
    await page.getByText(totalText(pendingProviders.count)).waitFor();
    const rows = await page
      .getByRole('table', { name: 'Utilisateurs' })
      .locator('tbody tr')
      .allTextContents();
    expect(rows.length).toBe(Math.min(10, pendingProviders.count));
    expect(rows.every((row) => row.includes('En attente'))).toBe(true);

    // A reload shows the same list.
    await page.reload();
    await page.getByText(totalText(pendingProviders.count)).waitFor();
    expect(await page.getByRole('combobox', { name: 'Rôle', exact: true }).inputValue()).toBe('Prestataire');

    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await page.waitForURL((url) => url.search === '');
    await page.getByText(totalText((await apiUsers('')).count)).waitFor();
    expect(await page.getByRole('button', { name: 'Réinitialiser' }).count()).toBe(0);
  });

  it('searches without regard to accents and keeps the search on reload', async () => {
    const { page } = browser;
    const expected = await apiUsers('?search=elodie');
    expect(expected.count).toBeGreaterThan(0);
    const first = expected.results[0];
    if (!first) throw new Error('seed has no Élodie');
    await openUsers(page);
    await page.getByRole('textbox', { name: 'Recherche' }).fill('ELODIE');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === 'ELODIE');
    await page.getByText(totalText(expected.count)).waitFor();
    await rowOf(page, first.username).waitFor();
    await page.reload();
    await rowOf(page, first.username).waitFor();
    expect(await page.getByRole('textbox', { name: 'Recherche' }).inputValue()).toBe('ELODIE');
  });

  it('pages forward and back', async () => {
    const { page } = browser;
    const expected = await apiUsers('?page=2');
    const count = new Intl.NumberFormat('fr-FR').format(expected.count);
    await openUsers(page);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText(`Affichage de 11 à 20 sur ${count} résultats`).waitFor();
    const second = expected.results[0];
    if (!second) throw new Error('no second page');
    await rowOf(page, second.username).waitFor();
    await page.getByRole('button', { name: 'Précédent' }).click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await page.getByText(`Affichage de 1 à 10 sur ${count} résultats`).waitFor();
  });

  it("toggles a user's status and the change survives a reload", async () => {
    const { page } = browser;
    const target = (await apiUsers('?role=client')).results.find((user) => user.is_active);
    if (!target) throw new Error('no active client in the seed');
    await openUsers(page, `/users?search=${encodeURIComponent(target.username)}`);
    const row = rowOf(page, target.username);
    // A switch with a stable name, checked while the account is active, beside the Actif/Inactif badge.
    const toggle = row.getByRole('switch', { name: `Actif : ${target.username}`, exact: true });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.focus();
    await page.keyboard.press('Space');
    await row.getByText('Inactif', { exact: true }).waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    // The switch kept the focus, and the new state was announced.
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByTestId('live-announcer').getByText(`${target.username} : compte désactivé`).waitFor();
    await page.reload();
    await rowOf(page, target.username).getByText('Inactif', { exact: true }).waitFor();
    expect(
      await rowOf(page, target.username)
        .getByRole('switch', { name: `Actif : ${target.username}`, exact: true })
        .isChecked(),
    ).toBe(false);
    const after = await apiUsers(`?search=${encodeURIComponent(target.username)}`);
    expect(after.results.find((user) => user.id === target.id)?.is_active).toBe(false);
  });

  it('refuses to deactivate the own account with a red notification', async () => {
    const { page } = browser;
    await openUsers(page, `/users?search=${encodeURIComponent(session.user.username)}&role=admin`);
    await rowOf(page, session.user.username)
      .getByRole('switch', { name: `Actif : ${session.user.username}`, exact: true })
      .focus();
    await page.keyboard.press('Space');
    await page.getByText('Erreur lors du changement de statut').waitFor();
    await page.getByText('Vous ne pouvez pas désactiver votre propre compte.').waitFor();
  });

  it('deletes a user after confirmation and the total drops', async () => {
    const { page } = browser;
    const before = await apiUsers('?role=client');
    const target = before.results[0];
    if (!target) throw new Error('no client');
    await openUsers(page, '/users?role=client');
    await page.getByText(totalText(before.count)).waitFor();
    await rowOf(page, target.username)
      .getByRole('button', { name: `Supprimer ${target.username}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Êtes-vous sûr de vouloir supprimer l'utilisateur ${target.username} ?`).waitFor();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText(totalText(before.count - 1)).waitFor();
    expect(await rowOf(page, target.username).count()).toBe(0);
  });

  it('opens the verification of a provider over the list, keeps the admin on /users, and tells when a user has none', async () => {
    const { page } = browser;
    const provider = (await apiUsers('?role=provider&verification_status=pending')).results[0];
    const client = (await apiUsers('?role=client')).results[0];
    if (!provider || !client) throw new Error('seed lacks a provider with a verification or a client');
    await openUsers(page, `/users?search=${encodeURIComponent(client.username)}`);
    await rowOf(page, client.username)
      .getByRole('button', { name: `Voir la vérification de ${client.username}`, exact: true })
      .click();
    await page.getByText('Aucune vérification trouvée pour cet utilisateur').waitFor();

    const providerList = `/users?search=${encodeURIComponent(provider.username)}`;
    await page.goto(providerList);
    await rowOf(page, provider.username)
      .getByRole('button', { name: `Voir la vérification de ${provider.username}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Détail de la vérification' });
    await dialog.getByText('Informations générales').waitFor();
    await dialog.getByText(provider.email).first().waitFor();
    // Over the users list: same address, the list still behind the dialog.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(providerList);
    expect(await page.getByRole('table', { name: 'Utilisateurs', includeHidden: true }).count()).toBe(1);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/users');
    await rowOf(page, provider.username).waitFor();
    // Back goes to the previous list, never to a dialog again.
    await page.goBack();
    await page.waitForURL((url) => url.search === `?search=${encodeURIComponent(client.username)}`);
    await rowOf(page, client.username).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('keeps e-mails and phones on one line at 1440 px: the table scrolls, not the page', async () => {
    const { page } = browser;
    expect(page.viewportSize()?.width).toBe(1440);
    // The longest e-mails of the seed first: the ones most likely to wrap.
    await openUsers(page, '/users?role=provider');
    const table = page.getByRole('table', { name: 'Utilisateurs' });
    const headers = await table.locator('thead th').allTextContents();
    const emailColumn = headers.indexOf('Email') + 1;
    const phoneColumn = headers.indexOf('Téléphone') + 1;
    expect(emailColumn).toBeGreaterThan(0);
    expect(phoneColumn).toBeGreaterThan(0);
    const lineCounts = (column: number) =>
      table.locator(`tbody tr td:nth-child(${column})`).evaluateAll((cells) =>
        cells.map((cell) => {
          // The lines its text is laid out on: the tops of the text's own boxes.
          const tops = new Set<number>();
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of Array.from(range.getClientRects())) {
              if (rect.width > 0) tops.add(Math.round(rect.top));
            }
          }
          return { text: cell.textContent ?? '', lines: tops.size };
        }),
      );
    const emails = await lineCounts(emailColumn);
    const phones = await lineCounts(phoneColumn);
    expect(emails).toHaveLength(10);
    expect(phones.some((cell) => cell.text !== '—')).toBe(true);
    for (const cell of [...emails, ...phones]) expect(cell.lines, cell.text).toBe(1);
    // The page itself never scrolls sideways: the table's own container does.
    const pageOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(pageOverflow).toBeLessThanOrEqual(0);
  });

  it('edits a user: server field errors under the field, input kept, then saved', async () => {
    const { page } = browser;
    const clients = (await apiUsers('?role=client&page_size=2')).results;
    const [target, other] = clients;
    if (!target || !other) throw new Error('need two clients');
    await openUsers(page, `/users?search=${encodeURIComponent(target.username)}`);
    await rowOf(page, target.username)
      .getByRole('button', { name: `Modifier ${target.username}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: "Modifier l'utilisateur" });
    await dialog.getByRole('textbox', { name: 'Prénom' }).fill('Zacarias');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(other.email);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Cette adresse e-mail est déjà utilisée par un autre utilisateur.').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Prénom' }).inputValue()).toBe('Zacarias');

    await dialog.getByRole('textbox', { name: 'Email' }).fill(`zacarias.${target.id}@kwanza.test`);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = rowOf(page, target.username);
    await row.getByText(`zacarias.${target.id}@kwanza.test`).waitFor();
    await row.getByText(/^Zacarias /).waitFor();
  });
});
