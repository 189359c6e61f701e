import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, storeSession } from '../../test/render-app';
import { parseVerificationParams, toVerificationSearch } from './use-verification-params';

const PENDING_ROW = {
  id: 7,
  user_id: 70,
  provider_name: 'Ana Costa',
  provider_email: 'ana@example.test',
  provider_info: { username: 'ana', email: 'ana@example.test', phone_number: null },
  is_business: false,
  business_name: null,
  business_nif: null,
  business_registration_number: null,
  business_description: null,
  verification_status: 'pending',
  submitted_at: '2026-11-20T10:00:00.000Z',
  verified_at: null,
  verified_by: null,
  rejection_reason: null,
  admin_notes: null,
  document_type: 'id_card',
  id_card_front: null,
  id_card_back: null,
  passport_image: null,
  selfie_image: null,
  is_urgent: false,
};

/** A fake API: lists and statistics answer, the rest is decided by `handle`. */
function stubApi(handle: (url: string, init: RequestInit | undefined) => Response | undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const handled = handle(url, init);
    if (handled) return handled;
    if (url.startsWith('/api/admin/provider-verification/statistics/')) {
      return jsonResponse(200, {
        status_distribution: { total: 1, pending: 1, verified: 0, rejected: 0 },
        urgent_verifications: 0,
        urgent_after_hours: 72,
      });
    }
    if (url.startsWith('/api/admin/client-verification/stats/')) {
      return jsonResponse(200, {
        total: 0,
        pending: 0,
        verified: 0,
        rejected: 0,
        urgent: 0,
        urgent_after_hours: 72,
      });
    }
    if (url.startsWith('/api/admin/provider-verification/?') || url === '/api/admin/provider-verification/') {
      return jsonResponse(200, { count: 1, next: null, previous: null, results: [PENDING_ROW] });
    }
    if (url.startsWith('/api/auth/me/')) return jsonResponse(200, {});
    return jsonResponse(404, { detail: 'introuvable' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
    stubApi((url) =>
      url.startsWith('/api/admin/provider-verification/99/')
        ? jsonResponse(500, { detail: 'boom' })
        : undefined,
    );
    renderApp('/user-verification?verification=99');
    expect(
      await screen.findByText('Impossible de charger les détails de la vérification', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('requires a rejection reason, then shows the server error as "Erreur: …"', async () => {
    storeSession();
    const fetchMock = stubApi((url) =>
      url === '/api/admin/provider-verification/7/reject/'
        ? jsonResponse(409, { detail: 'Seule une vérification en attente peut être rejetée.' })
        : undefined,
    );
    renderApp('/user-verification');
    fireEvent.click(await screen.findByRole('button', { name: 'Rejeter' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeter la vérification' }, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('La raison du rejet est obligatoire');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/reject/'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Raison du rejet *'), { target: { value: 'Flou' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Erreur: Seule une vérification en attente peut être rejetée.',
      ),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/reject/'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ rejection_reason: 'Flou' });
  }, 20_000);

  it("shows 'Erreur lors de l'export' when the export fails", async () => {
    storeSession();
    stubApi((url) =>
      url.startsWith('/api/admin/provider-verification/export/')
        ? jsonResponse(500, { detail: 'x' })
        : undefined,
    );
    renderApp('/user-verification');
    fireEvent.click(await screen.findByRole('button', { name: 'Exporter CSV' }, { timeout: 5000 }));
    expect(await screen.findByText("Erreur lors de l'export", {}, { timeout: 5000 })).toBeTruthy();
  });
});
