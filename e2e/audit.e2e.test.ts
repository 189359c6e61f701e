import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { axeViolations, describeViolations } from './support/axe';
import { fetchSession, loginWithStoredSession, type StoredSession, useBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * The audit journal end to end (issue 17): an admin rejects a provider verification; the entry is
 * found in /audit by admin and action, its detail shows the status before and after, and the
 * verification's 'Historique' lists the same entry.
 */

interface ApiProviderVerification {
  id: number;
  provider_name: string;
  provider_email: string;
  verification_status: string;
}
interface ApiPage<T> {
  count: number;
  results: T[];
}
interface ApiAuditEntry {
  id: number;
  action: string;
  admin: { id: number | null; label: string } | null;
  object: { type: string; id: number | null; label: string } | null;
  changes: { field: string; before: unknown; after: unknown }[];
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pending provider verification whose e-mail is unique in the queue (a search shows only it). */
async function pendingVerification(): Promise<ApiProviderVerification> {
  const page = await api<ApiPage<ApiProviderVerification>>(
    '/admin/provider-verification/pending/?page_size=100',
  );
  const counts = new Map<string, number>();
  for (const row of page.results) counts.set(row.provider_email, (counts.get(row.provider_email) ?? 0) + 1);
  // From the end of the queue: other specs take theirs from its start.
  const found = [...page.results].reverse().find((row) => counts.get(row.provider_email) === 1);
  if (!found) throw new Error('Aucune vérification en attente dans les données de démonstration');
  return found;
}

describe('audit journal (/audit)', () => {
  it('records a rejection: found by admin and action, before and after in its detail, and in the verification history', async () => {
    const { page } = browser;
    const target = await pendingVerification();
    const reason = `Pièce illisible (e2e ${Date.now()})`;
    await loginWithStoredSession(page, server);

    // 1. Reject the verification on its screen.
    await page.goto(`/user-verification?search=${encodeURIComponent(target.provider_email)}`);
    const row = page.getByRole('row', { name: new RegExp(escapeRegExp(target.provider_email)) });
    await row.getByRole('button', { name: 'Rejeter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rejeter la vérification' });
    await dialog.getByLabel('Raison du rejet *').fill(reason);
    await dialog.getByRole('button', { name: 'Rejeter' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Rejeté', { exact: true }).waitFor();

    // The API recorded exactly one rejection of this verification, by this admin.
    const recorded = await api<ApiPage<ApiAuditEntry>>(
      `/admin/audit/?object_type=provider_verification&object_id=${target.id}&action=provider_verification.reject`,
    );
    expect(recorded.count).toBe(1);
    expect(recorded.results[0]?.admin?.id).toBe(session.user.id);

    // 2. Find it in /audit by admin and action.
    await page.goto('/audit');
    await page.getByRole('heading', { level: 1, name: "Journal d'audit" }).waitFor();
    await page.getByRole('combobox', { name: 'Administrateur' }).click();
    await page
      .getByRole('option', {
        name: `${session.user.first_name} ${session.user.last_name} (${session.user.email})`,
        exact: true,
      })
      .click();
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: "Rejet d'une vérification de prestataire", exact: true }).click();
    await page.waitForURL(/admin=\d+.*action=provider_verification\.reject/);
    const entryRow = page
      .getByRole('table', { name: "Journal d'audit" })
      .getByRole('row')
      .filter({ hasText: target.provider_email })
      .filter({ hasText: reason });
    await entryRow.waitFor();
    expect(await entryRow.getByText(session.user.email, { exact: true }).count()).toBe(1);
    await entryRow.getByText('Statut : En attente → Rejeté').waitFor();

    // 3. Its detail shows the status before and after, side by side.
    await entryRow.getByRole('button', { name: /^Détails de l'entrée n° / }).click();
    const drawer = page.getByRole('dialog', { name: /^Entrée n° \d+ du journal$/ });
    const changes = drawer.getByRole('table', { name: 'Valeurs avant et après' });
    const status = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Statut' }) });
    await status.waitFor();
    expect(await status.getByRole('cell').allTextContents()).toEqual(['En attente', 'Rejeté']);
    const reasonRow = changes
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Raison du rejet' }) });
    await reasonRow.waitFor();
    expect(await reasonRow.getByRole('cell').allTextContents()).toEqual(['—', reason]);
    await page.waitForTimeout(300);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // 4. The verification's 'Historique' lists the same entry.
    await drawer.getByRole('link', { name: new RegExp(escapeRegExp(target.provider_email)) }).click();
    const modal = page.getByRole('dialog', { name: 'Détail de la vérification' });
    const history = modal.getByRole('region', { name: 'Historique' });
    const item = history
      .getByRole('listitem')
      .filter({ hasText: "Rejet d'une vérification de prestataire" })
      .filter({ hasText: reason });
    await item.waitFor();
    await item.getByText('Statut : En attente → Rejeté').waitFor();
    expect(await item.getByText(session.user.email).count()).toBe(1);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const modalViolations = await axeViolations(page);
    expect(modalViolations, describeViolations(modalViolations)).toEqual([]);
  });
});
