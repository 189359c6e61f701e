import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, type TestContext } from 'vitest';
import { type RunningServer, repositoryRoot } from './server';

export const ARTIFACTS_DIR = path.join(repositoryRoot, 'e2e/.e2e-artifacts');
export const VIEWPORT = { width: 1440, height: 900 } as const;

/** Debian's Chromium (never a downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A fresh context as a French-speaking administrator in Luanda would have. */
export function newConsoleContext(browser: Browser, server: RunningServer): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.baseUrl,
    locale: 'fr-FR',
    timezoneId: 'Africa/Luanda',
    viewport: VIEWPORT,
    // Charts and transitions render at once: fewer moving parts to wait for, steadier screenshots.
    reducedMotion: 'reduce',
  });
}

function fileNameOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

export interface BrowserHarness {
  /** The page of the running test. */
  readonly page: Page;
  readonly context: BrowserContext;
}

/**
 * Registers the hooks of a file of browser tests: one browser for the file, a fresh context and page
 * per test, and a screenshot in e2e/.e2e-artifacts/ when a test fails.
 */
export function useBrowser(getServer: () => RunningServer): BrowserHarness {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    if (!existsSync(path.join(repositoryRoot, 'apps/web/dist/index.html'))) {
      throw new Error(
        "La console n'est pas construite : lancer d'abord `npm run build` (ou `npm run test:e2e`).",
      );
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    if (!browser) throw new Error("Le navigateur n'est pas lancé");
    context = await newConsoleContext(browser, getServer());
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
  });

  afterEach(async (testContext: TestContext) => {
    if (page && testContext.task.result?.state === 'fail') {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const file = path.join(ARTIFACTS_DIR, `${fileNameOf(testContext.task.name)}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    }
    await context?.close();
    context = undefined;
    page = undefined;
  });

  return {
    get page() {
      if (!page) throw new Error('Aucune page ouverte (utiliser la page dans un test)');
      return page;
    },
    get context() {
      if (!context) throw new Error('Aucun contexte ouvert (utiliser le contexte dans un test)');
      return context;
    },
  };
}

/** Logs in through the login form as the seeded administrator and waits for the dashboard. */
export async function loginThroughForm(page: Page, server: RunningServer): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(server.admin.email);
  await page.getByLabel(/^Mot de passe/).fill(server.admin.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/dashboard');
}

export interface StoredSession {
  access: string;
  user: { id: number; username: string; email: string; first_name: string; last_name: string; role: string };
}

/** Calls the admin login API and returns the session the console would store. */
export async function fetchSession(server: RunningServer): Promise<StoredSession> {
  const response = await fetch(`${server.baseUrl}/api/auth/admin-login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: server.admin.email, password: server.admin.password }),
  });
  if (!response.ok) throw new Error(`Connexion API refusée : ${response.status} ${await response.text()}`);
  return (await response.json()) as StoredSession;
}

/** Writes a session into local storage before any page script runs (set up before navigating). */
export async function storeSession(context: BrowserContext, session: StoredSession): Promise<void> {
  await context.addInitScript((stored: StoredSession) => {
    try {
      // Only once per tab, so that a logout in the test is not undone by the next navigation.
      if (sessionStorage.getItem('e2e_session_stored')) return;
      sessionStorage.setItem('e2e_session_stored', '1');
      localStorage.setItem('access_token', stored.access);
      localStorage.setItem('user', JSON.stringify(stored.user));
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  }, session);
}

/** Logs in without the form: gets a token from the API and stores it before the first navigation. */
export async function loginWithStoredSession(page: Page, server: RunningServer): Promise<StoredSession> {
  const session = await fetchSession(server);
  await storeSession(page.context(), session);
  return session;
}
