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

const api = <T>(path: string) => apiGet<T>(server, session, path);

interface DashboardStats {
  totals: { users: number; providers: number; projects: number; open_disputes: number };
  this_month: { new_users: number };
  recent_activity: { projects: { title: string; client_name: string }[] };
}

const frenchNumber = (value: number) => new Intl.NumberFormat('fr-FR').format(value);

describe('dashboard', () => {
  it('shows the six stat cards, the three charts and the five recent projects', async () => {
    const stats = await api<DashboardStats>('/admin/dashboard/stats/');
    const projectStats = await api<{ by_status: { open: number; in_progress: number } }>(
      '/admin/projects/stats/',
    );
    const { page } = browser;
    await storeSession(browser.context, session);
    await page.goto('/dashboard');

    const cards: [string, number][] = [
      ['Total Utilisateurs', stats.totals.users],
      ['Prestataires', stats.totals.providers],
      ['Litiges Ouverts', stats.totals.open_disputes],
      ['Total Projets', stats.totals.projects],
      ['Projets Ouverts', projectStats.by_status.open],
      ['En Cours', projectStats.by_status.in_progress],
    ];
    for (const [label, value] of cards) {
      const card = page.getByRole('group', { name: label, exact: true });
      await card.waitFor();
      expect(await card.textContent(), label).toContain(frenchNumber(value));
    }
    expect(await page.getByRole('group', { name: 'Total Utilisateurs' }).textContent()).toContain(
      `+${stats.this_month.new_users} ce mois`,
    );
    expect(await page.getByRole('group', { name: 'Litiges Ouverts' }).textContent()).toMatch(
      /par rapport au mois dernier/,
    );
    expect(await page.getByRole('group', { name: 'Total Projets' }).textContent()).toMatch(
      /projets actifs par rapport au mois dernier/,
    );

    for (const title of ['Inscriptions par mois', 'Nouveaux projets par mois', 'Top catégories']) {
      const chart = page.getByRole('figure', { name: title });
      await chart.locator('svg.recharts-surface').first().waitFor();
    }
    // Month labels in French short month + year, the last one being the current month.
    const currentMonth = new Intl.DateTimeFormat('fr-FR', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    for (const title of ['Inscriptions par mois', 'Nouveaux projets par mois']) {
      const texts = await page.getByRole('figure', { name: title }).locator('svg text').allTextContents();
      const monthTicks = texts.filter((text) => /\d{4}$/.test(text));
      expect(monthTicks.length, title).toBeGreaterThan(1);
      for (const tick of monthTicks) expect(tick).toMatch(/^\p{L}+\.? \d{4}$/u);
      expect(monthTicks.at(-1), title).toBe(currentMonth);
    }
    expect(
      await page.getByRole('figure', { name: 'Top catégories' }).locator('.recharts-pie-sector').count(),
    ).toBe(5);

    const recent = page.getByRole('region', { name: 'Projets récents' }).getByRole('listitem');
    await expect.poll(() => recent.count()).toBe(5);
    const first = stats.recent_activity.projects[0];
    expect(first).toBeDefined();
    if (first) {
      expect(await recent.first().textContent()).toContain(first.title);
      expect(await recent.first().textContent()).toContain(`Par ${first.client_name}`);
    }
  });
});
