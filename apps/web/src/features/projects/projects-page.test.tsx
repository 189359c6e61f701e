import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, storeSession } from '../../test/render-app';

const PROJECT = {
  id: 5,
  title: 'Logo pour café',
  description: 'Identité visuelle',
  status: 'open',
  client_id: 2,
  client_name: 'Bruno Costa',
  category_id: null,
  category_name: null,
  budget_display: 'Sur devis',
  budget_range: 'sur_devis',
  min_budget: null,
  max_budget: null,
  location: null,
  deadline: null,
  created_at: '2026-01-10T10:00:00.000Z',
  required_skills: [],
  views_count: 0,
  favorites_count: 0,
  offers_count: 0,
  admin_notes: null,
};

function stubProjectsApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/admin/projects/stats/')) {
      return jsonResponse(200, {
        total_projects: 1,
        by_status: { open: 1, in_progress: 0, completed: 0, closed: 0, cancelled: 0, paused: 0 },
        monthly_stats: [],
        top_categories: [],
      });
    }
    if (url.startsWith('/api/admin/projects/categories/')) return jsonResponse(200, []);
    if (url.startsWith('/api/admin/projects/')) {
      // One project in all: any page after the first is past the end.
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page') ?? '1');
      return jsonResponse(200, { count: 1, next: null, previous: null, results: page > 1 ? [] : [PROJECT] });
    }
    if (url.startsWith('/api/auth/me/')) return jsonResponse(200, {});
    return jsonResponse(404, { detail: 'introuvable' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
    const fetchMock = stubProjectsApi();
    const { router } = renderApp('/projects?status=open&page=7');
    await screen.findByText('Logo pour café', {}, { timeout: 5000 });
    expect(router.state.location.search).toBe('?status=open');
    expect(screen.getByText('Affichage de 1 à 1 sur 1 résultats')).toBeTruthy();
    const listCalls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/admin/projects/?'));
    expect(listCalls.some((url) => url.includes('page=7'))).toBe(true);
  });
});
