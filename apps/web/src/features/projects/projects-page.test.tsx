import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPage, aProject, someProjectStats } from '../../test/builders';
import { fakeApi } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

const PROJECT = aProject({
  id: 5,
  title: 'Logo pour café',
  budget_range: 'sur_devis',
  budget_display: 'Sur devis',
});

function stubProjectsApi() {
  return fakeApi()
    .get('/api/admin/projects/', ({ url }) => {
      // One project in all: any page after the first is past the end.
      const page = Number(url.searchParams.get('page') ?? '1');
      return aPage(page > 1 ? [] : [PROJECT], 1);
    })
    .get('/api/admin/projects/stats/', () =>
      someProjectStats({
        total_projects: 1,
        by_status: { open: 1, in_progress: 0, completed: 0, closed: 0, cancelled: 0, paused: 0 },
      }),
    )
    .get('/api/admin/projects/categories/', () => []);
}

describe('projects page search in the URL', () => {
  it('shows the search of the URL in the field, also when the URL changes without a reload', async () => {
    storeSession();
    stubProjectsApi();
    const { router } = renderApp('/projects?search=logo');
    const field = await screen.findByRole('textbox', { name: 'Rechercher un projet' }, { timeout: 5000 });
    expect((field as HTMLInputElement).value).toBe('logo');

    // The sidebar link (or the browser's back button) changes the URL while the page stays mounted.
    await act(() => router.navigate('/projects'));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Rechercher un projet' }) as HTMLInputElement).value).toBe(
        '',
      ),
    );

    await act(() => router.navigate('/projects?search=jardin'));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Rechercher un projet' }) as HTMLInputElement).value).toBe(
        'jardin',
      ),
    );
  });
});

describe('projects page past the last page', () => {
  it('goes to the last page instead of showing an empty table', async () => {
    storeSession();
    const api = stubProjectsApi();
    const { router } = renderApp('/projects?status=open&page=7');
    await screen.findByText('Logo pour café', {}, { timeout: 5000 });
    expect(router.state.location.search).toBe('?status=open');
    expect(screen.getByText('Affichage de 1 à 1 sur 1 résultats')).toBeTruthy();
    const listCalls = api.callsTo('/api/admin/projects/');
    expect(listCalls.some((call) => call.url.searchParams.get('page') === '7')).toBe(true);
  });
});

describe('projects page badges', () => {
  it("shows 'En pause' and never a raw status", async () => {
    storeSession();
    stubProjectsApi().get('/api/admin/projects/', () =>
      aPage([aProject({ status: 'paused', title: 'Pause' })]),
    );
    renderApp('/projects');
    expect(await screen.findByText('En pause', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('paused')).toBeNull();
  });
});
