import type {
  BroadcastAudience,
  Notification,
  NotificationFeed,
  NotificationPage,
  NotificationStats,
  UserSearchResult,
} from '@kwanza/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { fetchSession, type StoredSession, storeSession, useBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

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
const api = <T>(pathAndQuery: string) => apiGet<T>(server, session, pathAndQuery);

async function openNotifications(page: Page, query = ''): Promise<void> {
  await storeSession(browser.context, session);
  await page.goto(`/notifications${query}`);
  await page.getByRole('table', { name: 'Notifications' }).waitFor();
}

async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Toujours pas : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('notifications management', () => {
  it('filters unread system notifications, marks two read, and deletes one after its confirmation', async () => {
    const { page } = browser;
    await openNotifications(page);
    await page.getByRole('combobox', { name: 'Statut' }).click();
    await page.getByRole('option', { name: 'Non lues' }).click();
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Notification système' }).click();
    await page.waitForURL(/is_read=false/);
    await page.waitForURL(/notification_type=system/);
    await page.reload();
    await page.getByRole('table', { name: 'Notifications' }).waitFor();

    const expected = await api<NotificationPage>(
      '/admin/notifications/?is_read=false&notification_type=system',
    );
    expect(expected.results.length, 'the demo data has unread system notifications').toBeGreaterThan(2);
    const table = page.getByRole('table', { name: 'Notifications' });
    await waitUntil(async () => {
      const statuses = await table.locator('tbody tr td:nth-child(5)').allTextContents();
      return statuses.length === expected.results.length && statuses.every((status) => status === 'Non lue');
    }, 'only the unread system notifications are listed');

    // The demo's notifications share titles: rows are picked by position, in the API's order.
    const [first, second] = expected.results as [Notification, Notification];
    const rows = table.locator('tbody tr');
    for (const index of [0, 1]) await rows.nth(index).getByRole('checkbox').check();
    await page.getByText('2 notification(s) sélectionnée(s)').waitFor();
    await page.getByRole('button', { name: 'Marquer comme lues' }).click();
    await waitUntil(async () => {
      const [one, two] = await Promise.all([
        api<Notification>(`/admin/notifications/${first.id}/`),
        api<Notification>(`/admin/notifications/${second.id}/`),
      ]);
      return one.is_read && two.is_read;
    }, 'the two notifications are read');

    const statsBefore = await api<NotificationStats>('/admin/notifications/stats/');
    await page.getByText(/sélectionnée\(s\)/).waitFor({ state: 'hidden' });
    // The two read ones leave the unread list; the first row is then the next unread one.
    const remaining = await api<NotificationPage>(
      '/admin/notifications/?is_read=false&notification_type=system',
    );
    await waitUntil(
      async () => (await rows.count()) === remaining.results.length,
      'the list shows the remaining unread notifications',
    );
    const third = remaining.results[0] as Notification;
    await rows
      .nth(0)
      .getByRole('button', { name: `Supprimer : ${third.title}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
    await dialog
      .getByText('Êtes-vous sûr de vouloir supprimer cette notification ? Cette action est irréversible.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Notification supprimée avec succès').waitFor();
    const statsAfter = await api<NotificationStats>('/admin/notifications/stats/');
    expect(statsAfter.total_notifications).toBe(statsBefore.total_notifications - 1);
    const gone = await fetch(`${server.baseUrl}/api/admin/notifications/${third.id}/`, {
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(gone.status).toBe(404);
  });

  it('sends a notification to a user found by search, then one to every user after confirming how many', async () => {
    const { page } = browser;
    await openNotifications(page);
    const someone = (await api<{ results: UserSearchResult[] }>('/users/?role=client&page_size=1'))
      .results[0];
    expect(someone, 'the demo data has a client').toBeDefined();
    const target = someone as UserSearchResult;

    await page.getByRole('button', { name: 'Nouvelle notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer une nouvelle notification' });
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.getByText('Le titre est requis').waitFor();
    await dialog.getByText('Veuillez sélectionner un utilisateur').waitFor();
    await dialog.getByRole('combobox', { name: 'Utilisateur' }).fill(target.email);
    await page.getByRole('option', { name: new RegExp(literal(target.email)) }).click();
    const title = `Rappel de profil (e2e ${Date.now()})`;
    await dialog.getByRole('textbox', { name: 'Titre' }).fill(`  ${title}  `);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Merci de compléter votre profil.');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText('Notification envoyée avec succès').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const sent = await api<NotificationPage>(`/admin/notifications/?search=${encodeURIComponent(title)}`);
    expect(sent.count).toBe(1);
    expect(sent.results[0]).toMatchObject({ title, user: { id: target.id, email: target.email } });

    const audience = await api<BroadcastAudience>('/admin/broadcast/audience/');
    await page.getByRole('button', { name: 'Nouvelle notification' }).click();
    await dialog.getByRole('radio', { name: 'Tous les utilisateurs' }).check();
    const broadcastTitle = `Maintenance prévue (e2e ${Date.now()})`;
    await dialog.getByRole('textbox', { name: 'Titre' }).fill(broadcastTitle);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('La plateforme sera indisponible dimanche.');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Envoyer à tous les utilisateurs' });
    await confirm.waitFor();
    const formatted = new Intl.NumberFormat('fr-FR').format(audience.recipients);
    expect(await confirm.textContent()).toContain(`${formatted} utilisateur`);
    await confirm.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText(new RegExp(`Notification envoyée à ${audience.recipients} utilisateur`)).waitFor();
    const reached = await api<NotificationPage>(
      `/admin/notifications/?search=${encodeURIComponent(broadcastTitle)}&page_size=1`,
    );
    expect(reached.count).toBe(Math.min(audience.recipients, 1000));
  });
});

describe('header bell', () => {
  it('shows the unread badge, opens, and a click opens the related screen and lowers the count', async () => {
    const before = await api<NotificationFeed>('/admin/notifications/feed/');
    expect(before.unread_count, 'the demo data gives the admin unread notifications').toBeGreaterThan(0);
    const target = before.results.find((item) => !item.is_read && item.related_object_type === 'dispute');
    const clicked = target ?? before.results.find((item) => !item.is_read);
    expect(clicked, 'an unread notification in the feed').toBeDefined();
    const notification = clicked as Notification;

    const { page } = browser;
    await storeSession(browser.context, session);
    await page.goto('/dashboard');
    const bell = page.getByRole('button', {
      name: `Notifications : ${before.unread_count} non lue(s)`,
      exact: true,
    });
    await bell.click();
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    await dropdown.waitFor();
    expect(await dropdown.getByRole('button').filter({ hasText: /./ }).count()).toBeGreaterThan(1);
    await dropdown
      .getByRole('button', { name: new RegExp(`${literal(notification.title)} \\(non lue\\)`) })
      .first()
      .click();

    const expectedPath =
      notification.related_object_type === 'dispute'
        ? `/disputes/${notification.related_object_id}`
        : notification.related_object_type === 'project'
          ? `/projects/${notification.related_object_id}`
          : notification.related_object_type === 'provider_verification'
            ? '/user-verification'
            : notification.related_object_type === 'user'
              ? '/users'
              : '/notifications';
    await page.waitForURL((url) => url.pathname === expectedPath);
    await waitUntil(
      async () =>
        (await api<NotificationFeed>('/admin/notifications/feed/')).unread_count === before.unread_count - 1,
      'the unread count went down by one',
    );
    const after = before.unread_count - 1;
    await page
      .getByRole('button', { name: after === 0 ? 'Notifications' : `Notifications : ${after} non lue(s)` })
      .waitFor();
  });
});

/** A text as a literal inside a RegExp. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
