import { UserPage } from '@kwanza/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiFetch } from '../lib/http';
import { aPage, aUser, pageFrom } from '../test/builders';
import { fakeApi, reply } from '../test/fake-api';
import { renderWithRouter } from '../test/render-with-router';
import { EmptyState } from './empty-state';
import { ListView } from './list-view';
import { RETRYING_TEXT } from './query-state';

const ERROR_TEXT = 'Impossible de charger les utilisateurs. Veuillez réessayer.';

/** A list screen reduced to its ListView, reading /api/users/ with the page of the URL. */
function UsersList({ pagination }: { pagination?: 'window' | 'ellipsis' }) {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1');
  const query = useQuery({
    queryKey: ['users', page],
    queryFn: ({ signal }) => apiFetch('/users/', UserPage, { query: { page, page_size: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <ListView
      query={query}
      page={page}
      pageSize={10}
      onPageChange={(next, options) => setParams({ page: String(next) }, options)}
      errorTitle="Erreur lors du chargement"
      errorMessage={ERROR_TEXT}
      empty={<EmptyState title="Aucun utilisateur trouvé" />}
      pagination={pagination}
    >
      {(data) => (
        <ul>
          {data.results.map((user) => (
            <li key={user.id}>{user.username}</li>
          ))}
        </ul>
      )}
    </ListView>
  );
}

const users = (count: number) => Array.from({ length: count }, (_, index) => aUser({ id: index + 1 }));

describe('ListView', () => {
  it('shows the rows and the page range', async () => {
    fakeApi().get('/api/users/', ({ url }) => ({ ...pageFrom(users(12), url, 10), stats: null }));
    renderWithRouter(<UsersList />, '/users');
    expect(await screen.findByText('user.1')).toBeTruthy();
    expect(screen.getByText('Affichage de 1 à 10 sur 12 résultats')).toBeTruthy();
  });

  it('shows the error text on a failed load, never a zero count nor the empty text', async () => {
    const api = fakeApi().get('/api/users/', () => reply(503, { detail: 'Base indisponible' }));
    renderWithRouter(<UsersList />, '/users');
    expect(await screen.findByText(ERROR_TEXT, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Erreur lors du chargement')).toBeTruthy();
    expect(screen.queryByText('Aucun utilisateur trouvé')).toBeNull();
    expect(screen.queryByText(/Affichage de/)).toBeNull();
    // A 503 is tried again once, with 'nouvel essai…' on screen meanwhile.
    expect(api.callsTo('/api/users/')).toHaveLength(2);
  });

  it("shows 'nouvel essai…' while a server failure is tried again", async () => {
    let calls = 0;
    fakeApi().get('/api/users/', () => {
      calls += 1;
      return calls === 1 ? reply(500, { detail: 'Erreur interne' }) : { ...aPage(users(1)), stats: null };
    });
    renderWithRouter(<UsersList />, '/users');
    expect(await screen.findByText(RETRYING_TEXT)).toBeTruthy();
    expect(await screen.findByText('user.1', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(RETRYING_TEXT)).toBeNull();
  });

  it('does not retry a 4xx: the error shows at once', async () => {
    const api = fakeApi().get('/api/users/', () => reply(400, { detail: 'Filtre invalide' }));
    renderWithRouter(<UsersList />, '/users');
    expect(await screen.findByText(ERROR_TEXT)).toBeTruthy();
    expect(api.callsTo('/api/users/')).toHaveLength(1);
    expect(screen.queryByText(RETRYING_TEXT)).toBeNull();
  });

  it('shows the load error, not a crash, when the answer lacks a block of the contract', async () => {
    const api = fakeApi().get('/api/users/', () => ({ count: 1, next: null, previous: null }));
    renderWithRouter(<UsersList />, '/users');
    expect(await screen.findByText(ERROR_TEXT)).toBeTruthy();
    expect(api.callsTo('/api/users/')).toHaveLength(1);
  });

  it("hides 'Affichage de 0 à 0 sur 0 résultats' and the pager on an empty list", async () => {
    fakeApi().get('/api/users/', () => ({ ...aPage([]), stats: null }));
    renderWithRouter(<UsersList />, '/users');
    expect(await screen.findByText('Aucun utilisateur trouvé')).toBeTruthy();
    expect(screen.queryByText(/Affichage de/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('moves a page past the end to the last page', async () => {
    fakeApi().get('/api/users/', ({ url }) => ({ ...pageFrom(users(12), url, 10), stats: null }));
    const { router } = renderWithRouter(<UsersList />, '/users?page=7');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('user.12')).toBeTruthy();
    expect(screen.queryByText('Aucun utilisateur trouvé')).toBeNull();
  });

  it('pages with a sliding window of 4 or with ellipses', async () => {
    fakeApi().get('/api/users/', ({ url }) => ({ ...pageFrom(users(200), url, 10), stats: null }));
    const windowed = renderWithRouter(<UsersList />, '/users?page=10');
    await screen.findByText('user.91');
    const pages = () =>
      screen
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((button) => button.textContent)
        .join(' ');
    expect(pages()).toBe('8 9 10 11');
    windowed.unmount();
    renderWithRouter(<UsersList pagination="ellipsis" />, '/users?page=10');
    await screen.findByText('user.91');
    expect(pages()).toBe('1 2 3 8 9 10 11 12 19 20');
    expect(screen.getAllByText('...')).toHaveLength(2);
  });

  it('says in a live region, present from the start, how many results each load found', async () => {
    let total = 12;
    fakeApi().get('/api/users/', ({ url }) => ({ ...pageFrom(users(total), url, 10), stats: null }));
    const { queryClient } = renderWithRouter(<UsersList />, '/users');
    const region = screen.getByTestId('list-result-count');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toBe('');
    await waitFor(() => expect(region.textContent).toBe('12 résultats'));
    total = 0;
    await act(() => queryClient.invalidateQueries({ queryKey: ['users'] }));
    await waitFor(() => expect(region.textContent).toBe('Aucun résultat'));
    // The same element all along: screen readers hear its changes.
    expect(screen.getByTestId('list-result-count')).toBe(region);
  });
});
