import { type AdminPreferences, DEFAULT_ADMIN_PREFERENCES } from '@kwanza/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './support/axe';
import { fetchSession, type StoredSession, storeSession, useBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * Every built screen passes axe-core's WCAG 2.2 A and AA rules once its data has loaded (issue 15).
 * Screens built later add their entry here.
 */

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

async function open(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  await storeSession(browser.context, session);
  await page.goto(path);
  await ready(page);
  // Let transitions and charts settle before measuring contrast.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

async function expectAccessible(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

const SCREENS: { path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { path: '/dashboard', ready: (page) => page.getByText('Inscriptions', { exact: false }).first().waitFor() },
  { path: '/users', ready: (page) => page.locator('tbody tr').first().waitFor() },
  { path: '/user-verification', ready: (page) => page.locator('tbody tr').first().waitFor() },
  { path: '/providers', ready: (page) => page.getByRole('heading', { level: 2 }).first().waitFor() },
  { path: '/projects', ready: (page) => page.locator('tbody tr').first().waitFor() },
  { path: '/categories', ready: (page) => page.locator('.mantine-Accordion-item').first().waitFor() },
  { path: '/disputes', ready: (page) => page.locator('tbody tr').first().waitFor() },
  { path: '/reports', ready: (page) => page.locator('tbody tr').first().waitFor() },
  { path: '/audit', ready: (page) => page.locator('tbody tr').first().waitFor() },
  { path: '/conversations', ready: (page) => page.locator('tbody tr').first().waitFor() },
  { path: '/notifications', ready: (page) => page.locator('tbody tr').first().waitFor() },
  {
    path: '/conversations/1',
    ready: (page) => page.getByRole('log', { name: 'Messages' }).getByRole('article').first().waitFor(),
  },
  { path: '/settings', ready: (page) => page.getByRole('textbox', { name: 'Prénom' }).waitFor() },
];

/** Saves the admin's theme on the server (the console applies the saved one when it loads). */
async function saveTheme(theme: AdminPreferences['application']['theme']): Promise<void> {
  const preferences: AdminPreferences = {
    ...DEFAULT_ADMIN_PREFERENCES,
    application: { ...DEFAULT_ADMIN_PREFERENCES.application, theme },
  };
  const response = await fetch(`${server.baseUrl}/api/auth/me/preferences/`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${session.access}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(preferences),
  });
  expect(response.status).toBe(200);
}

/** Screens checked again in the dark theme (issue 14): lists, badges, a detail, charts, forms. */
const DARK_SCREENS = [
  '/dashboard',
  '/users',
  '/user-verification',
  '/disputes',
  '/conversations/1',
  '/settings',
];

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  for (const screen of SCREENS) {
    it(`${screen.path} passes`, async () => {
      const { page } = browser;
      await open(page, screen.path, screen.ready);
      await expectAccessible(page);
    });
  }

  describe('in the dark theme', () => {
    beforeAll(() => saveTheme('dark'));
    afterAll(() => saveTheme('light'));

    for (const path of DARK_SCREENS) {
      it(`${path} passes`, async () => {
        const screen = SCREENS.find((candidate) => candidate.path === path);
        if (!screen) throw new Error(`Écran inconnu : ${path}`);
        const { page } = browser;
        await open(page, path, screen.ready);
        await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
        await expectAccessible(page);
      });
    }

    it('the settings tabs and the login screen pass', async () => {
      const { page } = browser;
      await open(page, '/settings?tab=application', (p) =>
        p.getByRole('radio', { name: 'Sombre' }).waitFor(),
      );
      await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
      await expectAccessible(page);
      await page.getByRole('tab', { name: 'Notifications' }).click();
      await page.getByRole('switch', { name: 'Nouveaux litiges' }).waitFor();
      await expectAccessible(page);
      await page.evaluate(() => localStorage.removeItem('access_token'));
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Adresse e-mail' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
      await expectAccessible(page);
    });
  });

  it('a dispute detail and the dispute statistics pass', async () => {
    const { page } = browser;
    await open(page, '/disputes', (p) => p.locator('tbody tr').first().waitFor());
    await page.getByRole('button', { name: 'Statistiques détaillées' }).click();
    await page.getByRole('list', { name: 'Litiges ouverts par mois' }).waitFor();
    await page.waitForTimeout(300);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page
      .getByRole('link', { name: /^Voir détails du litige / })
      .first()
      .click();
    await page.getByRole('region', { name: 'Historique des statuts' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await expectAccessible(page);
  });

  it('the report detail dialog passes', async () => {
    const { page } = browser;
    await open(page, '/reports', (p) => p.locator('tbody tr').first().waitFor());
    await page
      .getByRole('button', { name: /^Voir détails du signalement / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Détails du signalement' }).waitFor();
    await page.waitForTimeout(300);
    await expectAccessible(page);
  });

  it('the notification dialog and the header bell pass', async () => {
    const { page } = browser;
    await open(page, '/notifications', (p) => p.locator('tbody tr').first().waitFor());
    await page.getByRole('button', { name: 'Nouvelle notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer une nouvelle notification' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.getByText('Le titre est requis').waitFor();
    await page.waitForTimeout(300);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    await page.waitForTimeout(300);
    await expectAccessible(page);
  });

  it('the login screen passes', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).waitFor();
    await expectAccessible(page);
  });

  it('the category form and delete dialogs pass', async () => {
    const { page } = browser;
    await open(page, '/categories', (p) => p.locator('.mantine-Accordion-item').first().waitFor());
    await page.getByRole('button', { name: 'Ajouter une catégorie' }).click();
    await page.getByRole('dialog', { name: 'Ajouter une catégorie' }).waitFor();
    await page.waitForTimeout(300);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^Supprimer la catégorie / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Supprimer la catégorie' }).waitFor();
    await page.waitForTimeout(300);
    await expectAccessible(page);
  });

  it('offers a skip link as the first Tab stop, which moves focus to the screen', async () => {
    const { page } = browser;
    await open(page, '/categories', (p) => p.locator('.mantine-Accordion-item').first().waitFor());
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'contenu-principal');
    // The next Tab stop is inside the screen, not in the header or the menu.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() =>
        document.getElementById('contenu-principal')?.contains(document.activeElement),
      ),
    ).toBe(true);
  });

  it('keeps the closed phone menu out of the Tab order', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/categories', (p) => p.locator('.mantine-Accordion-item').first().waitFor());
    const reached = new Set<string>();
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      reached.add(
        await page.evaluate(() =>
          document.activeElement?.closest('nav, .mantine-AppShell-navbar') ? 'menu' : 'other',
        ),
      );
    }
    expect(reached.has('menu')).toBe(false);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('link', { name: 'Utilisateurs' }).focus();
    expect(
      await page.getByRole('link', { name: 'Utilisateurs' }).evaluate((e) => e === document.activeElement),
    ).toBe(true);
  });

  it('keeps the K mark in the reduced menu and shows toasts where they hide no header control', async () => {
    const { page } = browser;
    await open(page, '/categories', (p) => p.locator('.mantine-Accordion-item').first().waitFor());
    await page.getByRole('button', { name: 'Réduire le menu' }).click();
    await page.getByRole('img', { name: 'Kwanza Admin' }).waitFor();
    await page.getByRole('button', { name: 'Déployer le menu' }).click();

    await page.getByRole('button', { name: 'Ajouter une catégorie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une catégorie' });
    await dialog.getByRole('textbox', { name: 'Nom' }).fill(`Accessibilité ${Date.now()}`);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const toast = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Catégorie créée avec succès' });
    await toast.waitFor();
    // A success is a polite status message, not an alert.
    expect(await toast.getAttribute('role')).toBe('status');
    const toastBox = await toast.boundingBox();
    const headerBox = await page.locator('.mantine-AppShell-header').boundingBox();
    expect(toastBox && headerBox && toastBox.y > headerBox.y + headerBox.height).toBe(true);
  });
});
