import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { someDashboardStats, someProjectStats } from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';
import { DASHBOARD_ERROR_TEXT } from './dashboard-page';

function dashboardApi() {
  return fakeApi()
    .get('/api/admin/dashboard/stats/', () =>
      someDashboardStats({
        recent_activity: {
          projects: [
            {
              id: 1,
              title: 'Jardin',
              client_name: 'Ana',
              status: 'paused',
              created_at: '2026-01-02T10:00:00.000Z',
            },
            {
              id: 2,
              title: 'Toit',
              client_name: 'Bruno',
              status: 'cancelled',
              created_at: '2026-01-03T10:00:00.000Z',
            },
          ],
          disputes: [],
        },
      }),
    )
    .get('/api/admin/projects/stats/', () => someProjectStats());
}

describe('dashboard', () => {
  it('reads the project statistics once, and shows every recent project status in French', async () => {
    storeSession();
    const api = dashboardApi();
    renderApp('/dashboard');
    expect(await screen.findByText('En pause', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Annulé')).toBeTruthy();
    expect(screen.queryByText('paused')).toBeNull();
    expect(screen.queryByText('cancelled')).toBeNull();
    expect(api.callsTo('/api/admin/projects/stats/')).toHaveLength(1);
  });

  it('shows the load error, not dashes and empty charts, when the statistics fail', async () => {
    storeSession();
    dashboardApi().get('/api/admin/projects/stats/', () => reply(404, { detail: 'Introuvable' }));
    renderApp('/dashboard');
    expect(await screen.findByText(DASHBOARD_ERROR_TEXT, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Total Utilisateurs' })).toBeNull();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('names each chart and gives its data as text: a summary, a table per month, the legend with values', async () => {
    storeSession();
    dashboardApi().get('/api/admin/projects/stats/', () =>
      someProjectStats({
        top_categories: [
          { category__name: 'Plomberie', count: 3 },
          { category__name: 'Électricité', count: 1 },
        ],
      }),
    );
    renderApp('/dashboard');
    const registrations = await screen.findByRole(
      'figure',
      { name: 'Inscriptions par mois' },
      { timeout: 5000 },
    );
    const months = someDashboardStats().user_registrations.length;
    const table = within(registrations).getByRole('table', { name: 'Inscriptions par mois' });
    expect(within(table).getAllByRole('row')).toHaveLength(months + 1);
    expect(
      within(registrations).getByText(`Total sur la période : ${months * 4} ; le plus haut : `, {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Nouveaux projets par mois' })).toBeTruthy();
    const categories = screen.getByRole('figure', { name: 'Top catégories' });
    const legend = within(categories).getByRole('list', { name: 'Légende' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Plomberie : 3 projets (75 %)', 'Électricité : 1 projet (25 %)']);
    // Headings follow the page's title: one h1, the charts' and recent projects' titles are h2.
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Tableau de bord',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Projets récents' })).toBeTruthy();
    // The drawings are hidden from screen readers and hold no Tab stop.
    for (const figure of screen.getAllByRole('figure')) {
      expect(figure.querySelector('[tabindex="0"]')).toBeNull();
    }
  });
});
