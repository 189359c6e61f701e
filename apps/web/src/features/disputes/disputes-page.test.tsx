import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDispute, aDisputePage, someDisputeStats } from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

const twelve = Array.from({ length: 12 }, (_, index) =>
  aDispute({
    id: index + 1,
    title: `Litige ${index + 1}`,
    status: index % 2 ? 'resolved' : 'under_review',
    description: `${'Description très longue '.repeat(8)}fin ${index + 1}`,
  }),
);

function disputesApi() {
  return fakeApi().get('/api/disputes/', ({ url }) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const results = twelve.slice((page - 1) * 10, page * 10);
    return {
      ...aDisputePage(results, 12),
      status_counts: { open: 0, under_review: 6, resolved: 6, closed: 0 },
    };
  });
}

describe('disputes page', () => {
  it('shows the total, the counts per status and rows with badge, parties, date and a cut description', async () => {
    storeSession();
    disputesApi();
    renderApp('/disputes');
    expect(await screen.findByText('Total : 12 litiges', {}, { timeout: 5000 })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Litiges' });
    const row = within(table).getByText('Litige 1').closest('tr') as HTMLElement;
    expect(within(row).getByText("En cours d'examen")).toBeTruthy();
    expect(within(row).getByText('Carla Dias')).toBeTruthy();
    expect(within(row).getByText('Rui Santos')).toBeTruthy();
    expect(within(row).getByText('01/01/2026')).toBeTruthy();
    expect(within(row).getByText(/\.\.\.$/)).toBeTruthy();
    expect(
      within(row).getByRole('link', { name: 'Voir détails du litige Litige 1' }).getAttribute('href'),
    ).toBe('/disputes/1');
    expect(screen.getByRole('group', { name: 'Résolu' }).textContent).toContain('6');
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
  });

  it('searches and filters on the server, keeping both in the URL and going back to page 1', async () => {
    storeSession();
    const api = disputesApi();
    const { router } = renderApp('/disputes?page=2');
    await screen.findByText('Litige 11', {}, { timeout: 5000 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Recherche' }), { target: { value: 'joão' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=jo%C3%A3o'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Statut' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Résolu', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=jo%C3%A3o&status=resolved'));
    await waitFor(() => {
      const last = api.callsTo('/api/disputes/').at(-1)?.url.searchParams;
      expect(last?.get('search')).toBe('joão');
      expect(last?.get('status')).toBe('resolved');
      expect(last?.get('page')).toBe('1');
      expect(last?.get('page_size')).toBe('10');
    });
  });

  it('says why the list is empty: filters, or no dispute at all', async () => {
    storeSession();
    fakeApi().get('/api/disputes/', () => aDisputePage([]));
    const { unmount } = renderApp('/disputes?status=closed');
    expect(await screen.findByText('Aucun litige trouvé', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Essayez de modifier vos critères de recherche')).toBeTruthy();
    unmount();
    renderApp('/disputes');
    expect(
      await screen.findByText("Aucun litige n'a encore été signalé", {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows the load error without a total', async () => {
    storeSession();
    fakeApi().get('/api/disputes/', () => reply(500, { detail: 'Erreur interne' }));
    renderApp('/disputes');
    expect(
      await screen.findByText(
        'Impossible de charger les litiges. Veuillez réessayer.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Total :/)).toBeNull();
    expect(screen.queryByText('Aucun litige trouvé')).toBeNull();
  });

  it("opens the statistics from 'Statistiques détaillées'", async () => {
    storeSession();
    const api = disputesApi().get('/api/disputes/stats/', () =>
      someDisputeStats({
        total: 12,
        by_status: { open: 0, under_review: 6, resolved: 4, closed: 2 },
        monthly: [
          { month: '2026-10', count: 5 },
          { month: '2026-11', count: 7 },
        ],
        resolved_count: 6,
        median_resolution_hours: 36,
      }),
    );
    renderApp('/disputes');
    await screen.findByText('Litige 1', {}, { timeout: 5000 });
    expect(api.callsTo('/api/disputes/stats/')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Statistiques détaillées' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statistiques des litiges' });
    expect(await within(dialog).findByText('36 h')).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Fermé' }).textContent).toContain('2');
    const months = within(dialog).getByRole('list', { name: 'Litiges ouverts par mois' });
    expect(within(months).getAllByRole('listitem')).toHaveLength(2);
    expect(months.textContent).toContain('7');
  });
});
