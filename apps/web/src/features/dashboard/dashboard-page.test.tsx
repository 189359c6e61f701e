import { screen } from '@testing-library/react';
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
});
