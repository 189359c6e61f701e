import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPage, aProvider, pageFrom } from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

const NO_STATS = { total: 0, verified: 0, pending: 0 };

/** A fake API: every providers list is empty; the searches sent are recorded. */
function stubProvidersApi() {
  const api = fakeApi().get('/api/providers/', () => ({ ...aPage([]), stats: NO_STATS }));
  return {
    get searches() {
      return api.callsTo('/api/providers/').map((call) => call.url.searchParams.get('search') ?? '');
    },
  };
}

describe('providers page search', () => {
  it('keeps a trailing space being typed when the debounced search is applied', async () => {
    storeSession();
    const fake = stubProvidersApi();
    const { router } = renderApp('/providers');
    const box = await screen.findByRole('textbox', { name: 'Recherche' }, { timeout: 5000 });

    fireEvent.change(box, { target: { value: 'Ana ' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=Ana'), { timeout: 3000 });
    await waitFor(() => expect(fake.searches).toContain('Ana'));
    expect((box as HTMLInputElement).value).toBe('Ana ');

    fireEvent.change(box, { target: { value: 'Ana Costa' } });
    await waitFor(() => expect(fake.searches).toContain('Ana Costa'), { timeout: 3000 });
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
    const all = Array.from({ length: 10 }, (_, index) => aProvider({ id: index + 1 }));
    const api = fakeApi().get('/api/providers/', ({ url }) => ({
      ...pageFrom(all, url, 9),
      stats: { total: 10, verified: 0, pending: 10 },
    }));
    const { router } = renderApp('/providers?status=pending&page=3');
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending&page=2'), {
      timeout: 5000,
    });
    expect(await screen.findByRole('article', { name: 'Prestataire 10' })).toBeTruthy();
    expect(screen.queryByText('Aucun prestataire trouvé')).toBeNull();
    expect(api.callsTo('/api/providers/').map((call) => call.url.searchParams.get('page'))).toEqual([
      '3',
      '2',
    ]);
  });
});

describe('providers page failures', () => {
  it('shows the load error when the answer lacks its stats block, instead of crashing the screen', async () => {
    storeSession();
    fakeApi().get('/api/providers/', () => aPage([aProvider()]));
    renderApp('/providers');
    expect(
      await screen.findByText(
        'Impossible de charger les prestataires. Veuillez réessayer.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText("L'écran n'a pas pu être affiché", { exact: false })).toBeNull();
    expect(screen.queryByText(/Un total de/)).toBeNull();
  });

  it('shows the load error, not the empty text, when the server fails', async () => {
    storeSession();
    fakeApi().get('/api/providers/', () => reply(500, { detail: 'Erreur interne' }));
    renderApp('/providers');
    expect(
      await screen.findByText(
        'Impossible de charger les prestataires. Veuillez réessayer.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Aucun prestataire trouvé')).toBeNull();
  });
});
