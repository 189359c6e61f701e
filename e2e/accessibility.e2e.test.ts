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
];

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  for (const screen of SCREENS) {
    it(`${screen.path} passes`, async () => {
      const { page } = browser;
      await open(page, screen.path, screen.ready);
      await expectAccessible(page);
    });
  }

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
});
