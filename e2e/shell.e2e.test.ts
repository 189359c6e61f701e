import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchSession,
  loginThroughForm,
  loginWithStoredSession,
  storeSession,
  useBrowser,
  VIEWPORT,
} from './support/browser';
import { type RunningServer, repositoryRoot, startServer } from './support/server';

/** Sidebar label, path and the title of the screen it opens. */
const SIDEBAR = [
  { label: 'Tableau de bord', path: '/dashboard', title: 'Tableau de bord' },
  { label: 'Utilisateurs', path: '/users', title: 'Gestion des utilisateurs' },
  { label: 'Vérifications', path: '/user-verification', title: 'Gestion des Vérifications' },
  { label: 'Prestataires', path: '/providers', title: 'Gestion des prestataires' },
  { label: 'Projets', path: '/projects', title: 'Gestion des Projets' },
  { label: 'Litiges', path: '/disputes', title: 'Gestion des litiges' },
  { label: 'Conversations', path: '/conversations', title: 'Gestion des Conversations' },
  { label: 'Catégories', path: '/categories', title: 'Gestion des catégories' },
  { label: 'Notifications', path: '/notifications', title: 'Gestion des Notifications' },
  { label: 'Rapports', path: '/reports', title: 'Gestion des signalements' },
  { label: "Journal d'audit", path: '/audit', title: "Journal d'audit" },
  { label: 'Paramètres', path: '/settings', title: 'Paramètres' },
] as const;

const SCREENSHOT_PATH = path.join(repositoryRoot, 'docs/screenshot.png');

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const browser = useBrowser(() => server);

function pathOf(url: string): string {
  return new URL(url).pathname;
}

describe('login', () => {
  it("shows the server's message in the 'Erreur' box for a wrong password", async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/admin-login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: server.admin.email, password: 'pas-le-bon-mot-de-passe' }),
    });
    const { detail } = (await response.json()) as { detail: string };
    expect(response.status).toBe(401);

    const { page } = browser;
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(server.admin.email);
    await page.getByLabel(/^Mot de passe/).fill('pas-le-bon-mot-de-passe');
    await page.getByRole('button', { name: 'Se connecter' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Erreur' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(detail);
    expect(pathOf(page.url())).toBe('/login');
  });

  it('lands on the dashboard after a successful login', async () => {
    const { page } = browser;
    await loginThroughForm(page, server);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    // The header shows the entry's label as plain text: the screen's title is the page's one h1.
    expect(await page.getByTestId('shell-title').textContent()).toBe('Tableau de bord');
    expect(await page.getByRole('banner').getByRole('heading').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByText('Administrateur', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();

    if (process.env.UPDATE_SCREENSHOT !== 'false') {
      // Let the dashboard settle (fonts, any data it loads) before the README picture is taken.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      // No hover effect (a chart tooltip) where the login button was clicked: rest on the empty sidebar.
      await page.mouse.move(10, VIEWPORT.height - 10);
      mkdirSync(path.dirname(SCREENSHOT_PATH), { recursive: true });
      await page.screenshot({ path: SCREENSHOT_PATH, clip: { x: 0, y: 0, ...VIEWPORT } });
    }
  });
});

describe('shell', () => {
  it('opens each sidebar entry with its header label and its screen', async () => {
    const { page } = browser;
    await loginWithStoredSession(page, server);
    await page.goto('/dashboard');
    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    const headerTitle = page.getByTestId('shell-title');

    for (const entry of SIDEBAR) {
      await navigation.getByRole('link', { name: entry.label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === entry.path);
      await page
        .getByRole('main')
        .getByRole('heading', { level: 1, name: entry.title, exact: true })
        .waitFor();
      expect(await headerTitle.textContent()).toBe(entry.label);
      const active = navigation.getByRole('link', { name: entry.label, exact: true });
      expect(await active.getAttribute('aria-current')).toBe('page');
    }
  });

  it("shows 'Page non trouvée' for an unknown path and goes back to the dashboard", async () => {
    const { page } = browser;
    await loginWithStoredSession(page, server);
    await page.goto('/cette-page-n-existe-pas');
    await page.getByRole('heading', { level: 1, name: 'Page non trouvée' }).waitFor();
    expect(await page.getByTestId('shell-title').textContent()).toBe('Admin Panel');

    await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  });

  it('logs out to /login, after which /dashboard redirects to /login', async () => {
    const { page } = browser;
    await loginWithStoredSession(page, server);
    await page.goto('/users');
    await page.getByRole('heading', { level: 1, name: 'Gestion des utilisateurs' }).waitFor();

    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  });
});

describe('server-side logout', () => {
  it('closes the session on the server: the token stops working, even copied elsewhere', async () => {
    const { page } = browser;
    const session = await loginWithStoredSession(page, server);
    await page.goto('/users');
    await page.getByRole('heading', { level: 1, name: 'Gestion des utilisateurs' }).waitFor();
    const me = () =>
      fetch(`${server.baseUrl}/api/auth/me/`, { headers: { Authorization: `Bearer ${session.access}` } });
    expect((await me()).status).toBe(200);

    const logout = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout/'));
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    expect((await logout).status()).toBe(204);
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await me()).status).toBe(401);
  });
});

describe('session guard', () => {
  it('sends a visitor without a session from a protected URL to /login', async () => {
    const { page } = browser;
    await page.goto('/projects/1');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  });

  it('sends a visitor with an expired token back to /login', async () => {
    const { page } = browser;
    const session = await fetchSession(server);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(session.user.id))
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(server.jwtSecret));

    // The server refuses it...
    const check = await fetch(`${server.baseUrl}/api/admin/dashboard/stats/`, {
      headers: { Authorization: `Bearer ${expired}` },
    });
    expect(check.status).toBe(401);

    // ...and so does the console.
    await storeSession(page.context(), { access: expired, user: session.user });
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  });

  it('sends the visitor back to /login when the server refuses the token on the first API call', async () => {
    const { page } = browser;
    const session = await fetchSession(server);
    // Not expired, so the console keeps it until the API answers 401 (signed with another secret).
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(session.user.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret!!'));

    await storeSession(page.context(), { access: forged, user: session.user });
    const refused = page.waitForResponse(
      (response) => response.url().includes('/api/') && response.status() === 401,
    );
    await page.goto('/dashboard');
    await refused;
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });
});
