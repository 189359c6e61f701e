import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPage, aProviderVerification, aUser, pageFrom } from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

const NO_STATS = { pending: 0, verified: 0, rejected: 0, phone_verified: 0 };
const twelveUsers = Array.from({ length: 12 }, (_, index) => aUser({ id: index + 1 }));

/** 12 users, 10 a page; a page past the end answers empty results with the real count, like the API. */
function usersApi() {
  return fakeApi().get('/api/users/', ({ url }) => ({ ...pageFrom(twelveUsers, url, 10), stats: NO_STATS }));
}

function requestedPages(api: ReturnType<typeof usersApi>) {
  return api.callsTo('/api/users/').map((call) => Number(call.url.searchParams.get('page')));
}

describe('users page', () => {
  it('moves a page past the end (shared link, rows deleted elsewhere) to the last page', async () => {
    storeSession();
    const api = usersApi();
    const { router } = renderApp('/users?role=client&page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?role=client&page=2'), { timeout: 5000 });
    await screen.findByText('Affichage de 11 à 12 sur 12 résultats');
    expect(await screen.findByText('@user.12')).toBeTruthy();
    expect(screen.queryByText('Aucun utilisateur trouvé')).toBeNull();
    expect(requestedPages(api)).toEqual([9, 2]);
  });

  it('applies the text in the box when a filter changes before Rechercher (list and box agree)', async () => {
    storeSession();
    const api = usersApi();
    const { router } = renderApp('/users');
    await screen.findByText('@user.1');
    fireEvent.change(screen.getByRole('textbox', { name: 'Recherche' }), { target: { value: 'kaputo' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Rôle' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Client', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=kaputo&role=client'));
    await waitFor(() =>
      expect(api.callsTo('/api/users/').at(-1)?.url.searchParams.get('search')).toBe('kaputo'),
    );
    expect((screen.getByRole('textbox', { name: 'Recherche' }) as HTMLInputElement).value).toBe('kaputo');
  });

  it('clears the box with Réinitialiser, even for text never applied', async () => {
    storeSession();
    usersApi();
    const { router } = renderApp('/users?role=client');
    await screen.findByText('@user.1');
    const box = screen.getByRole('textbox', { name: 'Recherche' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(box.value).toBe('');
  });

  it('shows the load error without a zero total, zero counters or the empty text', async () => {
    storeSession();
    fakeApi().get('/api/users/', () => reply(500, { detail: 'Erreur interne' }));
    renderApp('/users');
    expect(
      await screen.findByText(
        'Impossible de charger les utilisateurs. Veuillez réessayer.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Erreur lors du chargement')).toBeTruthy();
    expect(screen.queryByText(/Un total de/)).toBeNull();
    expect(screen.queryByText('Aucun utilisateur trouvé')).toBeNull();
    expect(screen.getByRole('group', { name: 'En attente' }).textContent).toContain('—');
  });
});

describe('users page with a search counted up to the cap', () => {
  it("says 'plus de 1 000' in the total and in the page range", async () => {
    storeSession();
    fakeApi().get('/api/users/', () => ({
      ...aPage(
        Array.from({ length: 10 }, (_, index) => aUser({ id: index + 1 })),
        1000,
      ),
      count_capped: true,
      next: '/api/users/?search=ana&page=2',
      stats: null,
    }));
    renderApp('/users?search=ana');
    expect(await screen.findByText(/^Un total de plus de 1\s000 utilisateurs trouvés$/)).toBeTruthy();
    expect(screen.getByText(/^Affichage de 1 à 10 sur plus de 1\s000 résultats$/)).toBeTruthy();
  });

  it("opens a provider's verification over the list with 'Voir': the admin stays on /users, Back reopens nothing", async () => {
    storeSession();
    const provider = aUser({
      id: 40,
      username: 'rui.prestataire',
      role: 'provider',
      provider_verification: { id: 77, status: 'pending', exists: true },
    });
    const api = fakeApi()
      .get('/api/users/', () => ({
        ...aPage([provider, aUser({ id: 41, username: 'carla' })]),
        stats: NO_STATS,
      }))
      .get('/api/admin/provider-verification/:id/', () =>
        aProviderVerification({
          id: 77,
          provider_info: { username: 'rui.prestataire', email: 'rui@example.test', phone_number: null },
        }),
      );
    const { router } = renderApp('/users?role=provider&page=1');
    await screen.findByText('@rui.prestataire');
    const before = router.state.location;
    fireEvent.click(screen.getByRole('button', { name: 'Voir la vérification de rui.prestataire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détail de la vérification' });
    expect(await within(dialog).findByText('rui@example.test')).toBeTruthy();
    expect(api.callsTo('/api/admin/provider-verification/77/')).toHaveLength(1);
    // Same screen, same filters, and no new history entry that Back would walk through.
    expect(router.state.location.pathname).toBe('/users');
    expect(router.state.location.search).toBe(before.search);
    expect(router.state.location.key).toBe(before.key);
    expect(screen.getByText('@carla')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: /fermer|close/i }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Détail de la vérification' })).toBeNull(),
    );
    expect(router.state.location.key).toBe(before.key);
  });

  it("says 'Aucune vérification trouvée pour cet utilisateur' for a user without one", async () => {
    storeSession();
    fakeApi().get('/api/users/', () => ({
      ...aPage([aUser({ id: 41, username: 'carla' })]),
      stats: NO_STATS,
    }));
    renderApp('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Voir la vérification de carla' }));
    expect(await screen.findByText('Aucune vérification trouvée pour cet utilisateur')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('users page toggles (keyboard and screen readers)', () => {
  it('keeps stable names with their state, the focus on the control, and announces the result', async () => {
    storeSession();
    let users = [aUser({ id: 1 }), aUser({ id: 2 })];
    const toggle = (id: number, field: 'is_active' | 'is_verified') => {
      users = users.map((user) => (user.id === id ? { ...user, [field]: !user[field] } : user));
      return users.find((user) => user.id === id);
    };
    fakeApi()
      .get('/api/users/', ({ url }) => ({ ...pageFrom(users, url, 10), stats: NO_STATS }))
      .patch('/api/users/1/toggle_status/', () => toggle(1, 'is_active'))
      .patch('/api/users/1/toggle_verification/', () => toggle(1, 'is_verified'));
    renderApp('/users');

    const status = (await screen.findByRole('switch', { name: 'Actif : user.1' })) as HTMLInputElement;
    expect(status.checked).toBe(true);
    status.focus();
    fireEvent.click(status);
    await waitFor(() =>
      expect(screen.getByTestId('live-announcer').textContent).toBe('user.1 : compte désactivé'),
    );
    await waitFor(() => expect(status.checked).toBe(false));
    // The same control, still focused, under the same name.
    expect(screen.getByRole('switch', { name: 'Actif : user.1' })).toBe(status);
    expect(document.activeElement).toBe(status);

    const verified = screen.getByRole('button', { name: 'Vérifié : user.1' });
    expect(verified.getAttribute('aria-pressed')).toBe('false');
    verified.focus();
    fireEvent.click(verified);
    // Never disabled while the change runs: the focus does not fall to the page.
    expect((verified as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(verified.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Vérifié : user.1' })).toBe(verified);
    expect(document.activeElement).toBe(verified);
    await waitFor(() =>
      expect(screen.getByTestId('live-announcer').textContent).toBe('user.1 : marqué comme vérifié'),
    );
  });
});
