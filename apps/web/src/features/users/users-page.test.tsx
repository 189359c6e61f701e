import type { User } from '@kwanza/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, storeSession } from '../../test/render-app';

function user(id: number): User {
  return {
    id,
    username: `user.${id}`,
    first_name: 'Ana',
    last_name: `N${id}`,
    email: `user.${id}@example.test`,
    phone_number: null,
    role: 'client',
    profile_picture: null,
    date_joined: '2026-01-01T10:00:00.000Z',
    is_active: true,
    is_verified: false,
    is_phone_verified: false,
    provider_verification: { id: null, status: 'not_started', exists: false },
  };
}

/** 12 users, 10 a page; a page past the end answers empty results with the real count, like the API. */
function stubUsersApi() {
  const pages: number[] = [];
  const all = Array.from({ length: 12 }, (_, index) => user(index + 1));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/users/') {
        const page = Number(url.searchParams.get('page') ?? '1');
        pages.push(page);
        return jsonResponse(200, {
          count: all.length,
          next: null,
          previous: null,
          results: all.slice((page - 1) * 10, page * 10),
          stats: { pending: 0, verified: 0, rejected: 0, phone_verified: 0 },
        });
      }
      return jsonResponse(404, { detail: 'introuvable' });
    }),
  );
  return pages;
}

describe('users page', () => {
  it('moves a page past the end (shared link, rows deleted elsewhere) to the last page', async () => {
    storeSession();
    const pages = stubUsersApi();
    const { router } = renderApp('/users?role=client&page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?role=client&page=2'), { timeout: 5000 });
    await screen.findByText('Affichage de 11 à 12 sur 12 résultats');
    expect(await screen.findByText('@user.12')).toBeTruthy();
    expect(screen.queryByText('Aucun utilisateur trouvé')).toBeNull();
    expect(pages).toEqual([9, 2]);
  });
});

describe('users page with a search counted up to the cap', () => {
  it("says 'plus de 1 000' in the total and in the page range", async () => {
    storeSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/users/') {
          return jsonResponse(200, {
            count: 1000,
            count_capped: true,
            next: '/api/users/?search=ana&page=2',
            previous: null,
            results: Array.from({ length: 10 }, (_, index) => user(index + 1)),
            stats: null,
          });
        }
        return jsonResponse(404, { detail: 'introuvable' });
      }),
    );
    renderApp('/users?search=ana');
    expect(await screen.findByText(/^Un total de plus de 1\s000 utilisateurs trouvés$/)).toBeTruthy();
    expect(screen.getByText(/^Affichage de 1 à 10 sur plus de 1\s000 résultats$/)).toBeTruthy();
  });
});
