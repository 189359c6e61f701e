import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RETRYING_TEXT } from '../../components/query-state';
import {
  aPage,
  aProviderVerification,
  someClientVerificationStats,
  someProviderVerificationStatistics,
} from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';
import { parseVerificationParams, toVerificationSearch } from './use-verification-params';

/** A fake API: lists and statistics answer; tests route more (or other answers) on top. */
function stubApi() {
  return fakeApi()
    .get('/api/admin/provider-verification/statistics/', () => someProviderVerificationStatistics())
    .get('/api/admin/client-verification/stats/', () => someClientVerificationStats())
    .get('/api/admin/provider-verification/', () => aPage([aProviderVerification()]));
}

describe('verification screen state in the URL', () => {
  it('reads and writes tab, filters, page and open detail, ignoring unknown values', () => {
    const state = parseVerificationParams(
      new URLSearchParams(
        'tab=clients&status=rejected&type=passport&search=ana&page=3&client=5&verification=x',
      ),
    );
    expect(state).toEqual({
      tab: 'clients',
      status: 'rejected',
      type: 'passport',
      search: 'ana',
      page: 3,
      verification: null,
      client: 5,
    });
    expect(toVerificationSearch(state).toString()).toBe(
      'tab=clients&status=rejected&type=passport&search=ana&page=3&client=5',
    );
    expect(parseVerificationParams(new URLSearchParams('status=done&page=-1'))).toMatchObject({
      tab: 'providers',
      status: '',
      page: 1,
    });
  });
});

describe('user verification page', () => {
  it('opens the detail from ?verification= and shows the load failure text', async () => {
    storeSession();
    stubApi().get('/api/admin/provider-verification/99/', () => reply(500, { detail: 'boom' }));
    renderApp('/user-verification?verification=99');
    expect(
      await screen.findByText('Impossible de charger les détails de la vérification', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it("shows 'nouvel essai…' in the detail while a server failure is tried again, then the detail", async () => {
    storeSession();
    let calls = 0;
    stubApi().get('/api/admin/provider-verification/7/', () => {
      calls += 1;
      return calls === 1 ? reply(503, { detail: 'Base indisponible' }) : aProviderVerification();
    });
    renderApp('/user-verification?verification=7', { retries: true });
    const dialog = await screen.findByRole('dialog', { name: 'Détail de la vérification' });
    expect(await within(dialog).findByText(RETRYING_TEXT)).toBeTruthy();
    expect(await within(dialog).findByText('Informations générales')).toBeTruthy();
    expect(within(dialog).queryByText(RETRYING_TEXT)).toBeNull();
  });

  it('checks a decision answer against the contract: a malformed one is an error, never a crash or a success', async () => {
    storeSession();
    const api = stubApi()
      .get('/api/admin/provider-verification/', () =>
        aPage([
          aProviderVerification({ id: 7 }),
          aProviderVerification({ id: 8, provider_name: 'Rui Lopes' }),
        ]),
      )
      // `skipped` is missing: the screen used to read `skipped.length` and fail with a TypeError.
      .post('/api/admin/provider-verification/bulk-approve/', () => ({ updated: [7, 8] }));
    renderApp('/user-verification');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Tout sélectionner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approuver la sélection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approuver les vérifications sélectionnées' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approuver la sélection' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Erreur: Une erreur est survenue'),
    );
    expect(api.callsTo('/api/admin/provider-verification/bulk-approve/', 'POST')[0]?.body).toEqual({
      verification_ids: [7, 8],
    });
    expect(screen.queryByText(/vérification\(s\) approuvée\(s\)/)).toBeNull();
  });

  it('requires a rejection reason, then shows the server error as "Erreur: …"', async () => {
    storeSession();
    const api = stubApi().post('/api/admin/provider-verification/7/reject/', () =>
      reply(409, { detail: 'Seule une vérification en attente peut être rejetée.' }),
    );
    renderApp('/user-verification');
    // The row's button names its row: 'Rejeter la vérification de <name>'.
    fireEvent.click(
      await screen.findByRole('button', { name: /^Rejeter la vérification de / }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rejeter la vérification' }, { timeout: 5000 });
    const reason = within(dialog).getByRole('textbox', { name: 'Raison du rejet' }) as HTMLTextAreaElement;
    // The focus starts on the required reason.
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(reason.required).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    const required = await within(dialog).findByRole('alert');
    expect(required.textContent).toBe('La raison du rejet est obligatoire');
    // The error is the field's own: marked invalid, described by the message, and focused.
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('aria-describedby')?.split(' ')).toContain(required.id);
    expect(document.activeElement).toBe(reason);
    expect(api.callsTo('/api/admin/provider-verification/7/reject/', 'POST')).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'Flou' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Erreur: Seule une vérification en attente peut être rejetée.',
      ),
    );
    const call = api.callsTo('/api/admin/provider-verification/7/reject/', 'POST')[0];
    expect(call?.body).toEqual({ rejection_reason: 'Flou' });
  }, 20_000);

  it("shows 'Erreur lors de l'export' when the export fails", async () => {
    storeSession();
    stubApi().get('/api/admin/provider-verification/export/', () => reply(500, { detail: 'x' }));
    renderApp('/user-verification');
    fireEvent.click(await screen.findByRole('button', { name: 'Exporter CSV' }, { timeout: 5000 }));
    expect(await screen.findByText("Erreur lors de l'export", {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('user verification search', () => {
  it("keeps the trailing space of 'Ana ' once the search is applied (it used to be dropped)", async () => {
    storeSession();
    const api = stubApi();
    const { router } = renderApp('/user-verification');
    const box = (await screen.findByRole(
      'textbox',
      { name: 'Recherche' },
      { timeout: 5000 },
    )) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'Ana ' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=Ana'), { timeout: 3000 });
    await waitFor(() =>
      expect(api.callsTo('/api/admin/provider-verification/').at(-1)?.url.searchParams.get('search')).toBe(
        'Ana',
      ),
    );
    expect(box.value).toBe('Ana ');
    fireEvent.change(box, { target: { value: 'Ana C' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=Ana+C'), { timeout: 3000 });
    expect(box.value).toBe('Ana C');
  });

  it('shows the load error, not "Aucune vérification trouvée", when the list fails', async () => {
    storeSession();
    stubApi().get('/api/admin/provider-verification/', () => reply(500, { detail: 'Erreur interne' }));
    renderApp('/user-verification');
    expect(
      await screen.findByText(
        'Impossible de charger les vérifications. Veuillez réessayer.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Aucune vérification trouvée')).toBeNull();
  });
});
