import {
  type AdminConversationPage,
  type AdminPreferences,
  DEFAULT_ADMIN_PREFERENCES,
} from '@kwanza/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { fetchSession, type StoredSession, storeSession, useBrowser, VIEWPORT } from './support/browser';
import { type RunningServer, startServer } from './support/server';

let server: RunningServer;
let session: StoredSession;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const browser = useBrowser(() => server);

async function api(method: 'PATCH' | 'PUT' | 'POST', path: string, body: object): Promise<Response> {
  return fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${session.access}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

// Each test starts from the seeded admin as the server created them: name, preferences.
beforeEach(async () => {
  session = await fetchSession(server);
  await api('PATCH', '/auth/me/', { first_name: session.user.first_name, last_name: session.user.last_name });
  await api('PUT', '/auth/me/preferences/', DEFAULT_ADMIN_PREFERENCES);
});

async function openSettings(page: Page, tab = ''): Promise<void> {
  await storeSession(page.context(), session);
  await page.goto(`/settings${tab ? `?tab=${tab}` : ''}`);
  await page.getByRole('tab', { name: 'Profil' }).waitFor();
}

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

const colorScheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('settings', () => {
  it('changes the profile name and shows it in the header at once, and after a reload', async () => {
    const { page } = browser;
    await openSettings(page);
    const header = page.getByTestId('user-block');
    await header.getByText(`${session.user.first_name} ${session.user.last_name}`).waitFor();

    await page.getByRole('textbox', { name: 'Prénom' }).fill('Beatriz');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lopes');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Profil mis à jour avec succès').waitFor();
    expect(await toast(page, 'Profil mis à jour avec succès').getAttribute('role')).toBe('status');
    await header.getByText('Beatriz Lopes').waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'Profil' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Prénom' }).inputValue()).toBe('Beatriz');
    await header.getByText('Beatriz Lopes').waitFor();
  });

  it('shows a taken e-mail on its field and keeps what was typed', async () => {
    const { page } = browser;
    await openSettings(page);
    const users = await apiGet<{ results: { email: string; role: string }[] }>(
      server,
      session,
      '/users/?role=client&page_size=1',
    );
    const taken = users.results[0]?.email ?? '';
    expect(taken).toContain('@');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill(taken);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Cette adresse e-mail est déjà utilisée par un autre utilisateur.').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.inputValue()).toBe(taken);
  });

  it('changes the password, logs out and logs in with the new one', async () => {
    const newPassword = 'Nouveau-Passw0rd-e2e-2026';
    const { page } = browser;
    await openSettings(page, 'security');
    await page.getByLabel(/^Mot de passe actuel/).fill(server.admin.password);
    await page.getByLabel(/^Nouveau mot de passe/).fill(newPassword);
    await page.getByLabel(/^Confirmer le nouveau mot de passe/).fill(newPassword);
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await toast(page, 'Mot de passe mis à jour avec succès').waitFor();
    expect(await page.getByLabel(/^Mot de passe actuel/).inputValue()).toBe('');

    // This session goes on.
    await page.getByRole('link', { name: 'Utilisateurs' }).click();
    await page.locator('tbody tr').first().waitFor();

    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/login');
    const email = page.getByRole('textbox', { name: 'Adresse e-mail' });
    await email.fill(server.admin.email);
    await page.getByLabel(/^Mot de passe/).fill(server.admin.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('alert').filter({ hasText: 'Erreur' }).waitFor();

    await page.getByLabel(/^Mot de passe/).fill(newPassword);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/dashboard');

    // Back to the password every other test uses.
    session = (await (
      await fetch(`${server.baseUrl}/api/auth/admin-login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: server.admin.email, password: newPassword }),
      })
    ).json()) as StoredSession;
    const restored = await api('POST', '/auth/me/password/', {
      current_password: newPassword,
      new_password: server.admin.password,
      confirm_password: server.admin.password,
    });
    expect(restored.status).toBe(200);
  });

  it('switches to the dark theme, applied at once and kept across a reload without a light flash', async () => {
    const { page } = browser;
    await openSettings(page, 'application');
    expect(await colorScheme(page)).toBe('light');
    const light = await bodyBackground(page);

    await page.getByRole('radio', { name: 'Sombre' }).check();
    await page
      .getByRole('tabpanel', { name: 'Application' })
      .getByRole('button', { name: 'Enregistrer' })
      .click();
    await toast(page, "Paramètres de l'application mis à jour avec succès").waitFor();
    expect(await colorScheme(page)).toBe('dark');
    const dark = await bodyBackground(page);
    expect(dark).not.toBe(light);
    const saved = await apiGet<AdminPreferences>(server, session, '/auth/me/preferences/');
    expect(saved.application.theme).toBe('dark');

    // Without the console's code at all, the page is already dark: the theme is there before React.
    await page.route('**/static/js/**', (route) => route.abort());
    await page.reload();
    await page.waitForLoadState('load');
    expect(await colorScheme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(dark);
    await page.unroute('**/static/js/**');

    await page.reload();
    await page.getByRole('tab', { name: 'Application' }).waitFor();
    expect(await colorScheme(page)).toBe('dark');
    expect(await page.getByRole('radio', { name: 'Sombre' }).isChecked()).toBe(true);
  });

  it('follows the system theme and its changes', async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: 'dark' });
    await openSettings(page, 'application');
    await page.getByRole('radio', { name: /^Système/ }).check();
    await page
      .getByRole('tabpanel', { name: 'Application' })
      .getByRole('button', { name: 'Enregistrer' })
      .click();
    await toast(page, "Paramètres de l'application mis à jour avec succès").waitFor();
    expect(await colorScheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
  });

  it('shows dates in Luanda whatever the browser’s zone, then in the chosen zone on a list', async () => {
    // A browser in Tokyo: the console still shows Luanda's time until the admin picks another zone.
    const running = browser.context.browser();
    if (!running) throw new Error('Navigateur introuvable');
    const tokyo = await running.newContext({
      baseURL: server.baseUrl,
      locale: 'fr-FR',
      timezoneId: 'Asia/Tokyo',
      viewport: VIEWPORT,
      reducedMotion: 'reduce',
    });
    try {
      const page = await tokyo.newPage();
      const conversations = await apiGet<AdminConversationPage>(server, session, '/admin/conversations/');
      const first = conversations.results[0];
      const sent = first?.last_message?.created_at;
      if (!sent) throw new Error('Les données de démonstration ont des conversations avec des messages');
      const shown = (timeZone: string) =>
        new Intl.DateTimeFormat('fr-FR', {
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
          timeZone,
        }).format(new Date(sent));
      expect(shown('Africa/Luanda')).not.toBe(shown('America/New_York'));

      await storeSession(tokyo, session);
      await page.goto('/conversations');
      const row = page.getByRole('table', { name: 'Conversations' }).locator('tbody tr').first();
      await row.getByText(shown('Africa/Luanda')).waitFor();
      expect(await row.textContent()).not.toContain(shown('Asia/Tokyo'));

      await page.getByRole('link', { name: 'Paramètres' }).click();
      await page.getByRole('tab', { name: 'Application' }).click();
      await page.getByRole('combobox', { name: 'Fuseau horaire' }).selectOption('America/New_York');
      await page
        .getByRole('tabpanel', { name: 'Application' })
        .getByRole('button', { name: 'Enregistrer' })
        .click();
      await page
        .locator('.mantine-Notification-root')
        .filter({ hasText: "Paramètres de l'application mis à jour avec succès" })
        .waitFor();

      await page.getByRole('link', { name: 'Conversations' }).click();
      await row.getByText(shown('America/New_York')).waitFor();
      expect(await row.textContent()).not.toContain(shown('Africa/Luanda'));

      // Kept across a reload.
      await page.reload();
      await row.getByText(shown('America/New_York')).waitFor();
    } finally {
      await tokyo.close();
    }
  });
});
