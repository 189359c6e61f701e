import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { fetchSession, loginWithStoredSession, type StoredSession, useBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * The console with the keyboard only (issue 15): every step is a key press — Tab, Shift+Tab, Enter,
 * Space, the arrows, Escape or typed text — never a click. Locators only read the page (what has the
 * focus, what it shows).
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
const api = <T>(path: string) => apiGet<T>(server, session, path);

interface ApiPage<T> {
  results: T[];
}

const MAX_TAB_STOPS = 120;

function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let stop = 0; stop < MAX_TAB_STOPS; stop += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Jamais atteint au clavier : ${target}`);
}

async function expectFocused(target: Locator): Promise<void> {
  await expect.poll(() => isFocused(target), { timeout: 5_000 }).toBe(true);
}

/** In an open select (combobox), moves with the arrows to the option `label` and picks it with Enter. */
async function chooseOption(page: Page, combobox: Locator, label: string): Promise<void> {
  const highlighted = page.locator('[data-combobox-selected]');
  /* The dropdown can still move its highlight while it opens (under a loaded machine Enter once chose
     the option below the one read): the chosen value is checked, and chosen again if it differs. */
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.keyboard.press('ArrowDown');
    let found = false;
    for (let step = 0; step < 20 && !found; step += 1) {
      found = ((await highlighted.textContent().catch(() => '')) ?? '').trim() === label;
      if (!found) await page.keyboard.press('ArrowDown');
    }
    if (!found) break;
    await page.keyboard.press('Enter');
    const chosen = await expect
      .poll(() => combobox.inputValue(), { timeout: 2000 })
      .toBe(label)
      .then(
        () => true,
        () => false,
      );
    if (chosen) return;
  }
  throw new Error(`Option introuvable au clavier : ${label}`);
}

describe('the console with the keyboard only', () => {
  it('logs in', async () => {
    const { page } = browser;
    await page.goto('/login');
    await tabTo(page, page.getByRole('textbox', { name: 'Adresse e-mail' }));
    await page.keyboard.type(server.admin.email);
    await page.keyboard.press('Tab');
    await expectFocused(page.getByLabel(/^Mot de passe/));
    await page.keyboard.type(server.admin.password);
    await tabTo(page, page.getByRole('button', { name: 'Se connecter' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  });

  it('filters the users by role, and hears how many were found', async () => {
    const { page } = browser;
    await loginWithStoredSession(page, server);
    await page.goto('/users');
    await page.locator('tbody tr').first().waitFor();
    const role = page.getByRole('combobox', { name: 'Rôle' });
    await tabTo(page, role);
    await chooseOption(page, role, 'Prestataire');
    await page.waitForURL(/role=provider/);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('tbody tr')).every((row) =>
        row.textContent?.includes('Prestataire'),
      ),
    );
    const expected = await api<{ count: number }>('/users/?role=provider&page_size=10');
    // The list's live region says how many were found (French digit groups: narrow spaces).
    const said = `${new Intl.NumberFormat('fr-FR').format(expected.count)} résultats`.replace(/\s/g, ' ');
    await expect
      .poll(async () =>
        ((await page.getByTestId('list-result-count').textContent()) ?? '').replace(/\s/g, ' '),
      )
      .toBe(said);
    // The focus stayed on the select.
    await expectFocused(page.getByRole('combobox', { name: 'Rôle' }));
  });

  it('opens a delete confirmation and cancels it: Annuler has the focus first, then the trigger again', async () => {
    const { page } = browser;
    await loginWithStoredSession(page, server);
    await page.goto('/users');
    await page.locator('tbody tr').first().waitFor();
    const trigger = page.getByRole('button', { name: /^Supprimer / }).first();
    const name = await trigger.getAttribute('aria-label');
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: "Supprimer l'utilisateur" });
    await dialog.waitFor();
    await expectFocused(dialog.getByRole('button', { name: 'Annuler' }));
    // Escape cancels, and the focus is back on the trigger.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocused(trigger);
    // Enter on the focused 'Annuler' cancels too.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expectFocused(dialog.getByRole('button', { name: 'Annuler' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocused(trigger);
    expect(await page.getByRole('button', { name: name ?? '' }).count()).toBe(1);
  });

  it('approves a provider verification; the focus goes on to the row’s Voir', async () => {
    const { page } = browser;
    const pending = await api<ApiPage<{ id: number; provider_name: string; provider_email: string }>>(
      '/admin/provider-verification/pending/?page_size=100',
    );
    const emails = new Map<string, number>();
    for (const row of pending.results)
      emails.set(row.provider_email, (emails.get(row.provider_email) ?? 0) + 1);
    const target = pending.results.find((row) => emails.get(row.provider_email) === 1);
    if (!target) throw new Error('Aucune vérification en attente dans les données de démonstration');

    await loginWithStoredSession(page, server);
    await page.goto(`/user-verification?search=${encodeURIComponent(target.provider_email)}`);
    const approve = page.getByRole('button', {
      name: `Approuver la vérification de ${target.provider_name}`,
      exact: true,
    });
    await approve.waitFor();
    await tabTo(page, approve);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Approuver la vérification' });
    await dialog.waitFor();
    await expectFocused(dialog.getByRole('button', { name: 'Annuler' }));
    await page.keyboard.press('Tab');
    await expectFocused(dialog.getByRole('button', { name: 'Approuver' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'Vérification approuvée' }).first().waitFor();
    await expectFocused(
      page.getByRole('button', { name: `Voir la vérification de ${target.provider_name}`, exact: true }),
    );
    expect(await approve.count()).toBe(0);
    const detail = await api<{ verification_status: string }>(`/admin/provider-verification/${target.id}/`);
    expect(detail.verification_status).toBe('verified');
  });

  it("changes a project's status; the focus stays on 'Mettre à jour' and the result is announced", async () => {
    const { page } = browser;
    const projects = await api<ApiPage<{ id: number; status: string }>>('/admin/projects/?page_size=20');
    const project = projects.results.find((row) => row.status !== 'completed');
    if (!project) throw new Error('Aucun projet dans les données de démonstration');

    await loginWithStoredSession(page, server);
    await page.goto(`/projects/${project.id}`);
    const details = page.getByRole('tab', { name: 'Détails' });
    await details.waitFor();
    await tabTo(page, details);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expectFocused(page.getByRole('tab', { name: 'Administration' }));
    const status = page.getByRole('combobox', { name: 'Statut du projet' });
    await status.waitFor();
    await page.keyboard.press('Tab');
    await expectFocused(status);
    await chooseOption(page, status, 'Terminé');
    await page.keyboard.press('Tab');
    await expectFocused(page.getByRole('textbox', { name: 'Notes administratives' }));
    await page.keyboard.type('Clôturé au clavier');
    await page.keyboard.press('Tab');
    const save = page.getByRole('button', { name: 'Mettre à jour' });
    await expectFocused(save);
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: 'Statut du projet mis à jour avec succès' })
      .first()
      .waitFor();
    await expectFocused(page.getByRole('button', { name: 'Mettre à jour' }));
    const saved = await api<{ status: string; admin_notes: string | null }>(`/admin/projects/${project.id}/`);
    expect(saved).toMatchObject({ status: 'completed', admin_notes: 'Clôturé au clavier' });
  });
});
