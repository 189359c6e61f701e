import type { Provider } from '@kwanza/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, storeSession } from '../../test/render-app';

const EMPTY_PAGE = {
  count: 0,
  next: null,
  previous: null,
  results: [],
  stats: { total: 0, verified: 0, pending: 0 },
};

function provider(id: number): Provider {
  return {
    id,
    user: {
      id: 100 + id,
      profile_picture: null,
      email: `p${id}@example.test`,
      username: `p${id}`,
      phone_number: null,
    },
    full_name: `Prestataire ${id}`,
    company_name: null,
    profile_picture: null,
    email: `p${id}@example.test`,
    phone_number: null,
    city: 'Luanda',
    address: null,
    is_verified: false,
    average_rating: 4,
    total_reviews: 1,
    services_count: 1,
    completed_projects: 0,
    bio: null,
    description: null,
    skills: [],
    created_at: '2026-01-01T10:00:00.000Z',
  };
}

/** A fake API: every providers list is empty; the searches sent are recorded. */
function stubProvidersApi() {
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/providers/') {
        searches.push(url.searchParams.get('search') ?? '');
        return jsonResponse(200, EMPTY_PAGE);
      }
      return jsonResponse(404, { detail: 'introuvable' });
    }),
  );
  return searches;
}

describe('providers page search', () => {
  it('keeps a trailing space being typed when the debounced search is applied', async () => {
    storeSession();
    const searches = stubProvidersApi();
    const { router } = renderApp('/providers');
    const box = await screen.findByRole('textbox', { name: 'Recherche' }, { timeout: 5000 });

    fireEvent.change(box, { target: { value: 'Ana ' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=Ana'), { timeout: 3000 });
    await waitFor(() => expect(searches).toContain('Ana'));
    expect((box as HTMLInputElement).value).toBe('Ana ');

    fireEvent.change(box, { target: { value: 'Ana Costa' } });
    await waitFor(() => expect(searches).toContain('Ana Costa'), { timeout: 3000 });
    expect(router.state.location.search).toBe('?search=Ana+Costa');
  });

  it('shows the search of the URL in the box, and empties it on reset', async () => {
    storeSession();
    stubProvidersApi();
    renderApp('/providers?search=Luanda&status=verified');
    const box = await screen.findByRole('textbox', { name: 'Recherche' }, { timeout: 5000 });
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('Luanda'));
    await screen.findByText('Essayez de modifier vos critères de recherche');
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
    await screen.findByText("Aucun prestataire n'est encore inscrit");
  });
});

describe('providers page pagination', () => {
  it('moves a page past the end (last card verified away under a filter) to the last page', async () => {
    storeSession();
    const all = Array.from({ length: 10 }, (_, index) => provider(index + 1));
    const pages: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname !== '/api/providers/') return jsonResponse(404, { detail: 'introuvable' });
        const page = Number(url.searchParams.get('page') ?? '1');
        pages.push(page);
        return jsonResponse(200, {
          count: all.length,
          next: null,
          previous: null,
          results: all.slice((page - 1) * 9, page * 9),
          stats: { total: 10, verified: 0, pending: 10 },
        });
      }),
    );
    const { router } = renderApp('/providers?status=pending&page=3');
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending&page=2'), {
      timeout: 5000,
    });
    expect(await screen.findByRole('article', { name: 'Prestataire 10' })).toBeTruthy();
    expect(screen.queryByText('Aucun prestataire trouvé')).toBeNull();
    expect(pages).toEqual([3, 2]);
  });
});
