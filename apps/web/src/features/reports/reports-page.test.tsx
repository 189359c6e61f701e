import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RETRYING_TEXT } from '../../components/query-state';
import { aPage, aReport, pageFrom } from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

const long = 'Le prestataire a demandé un paiement en dehors de la plateforme avant de commencer.';
const reports = Array.from({ length: 12 }, (_, index) =>
  aReport({
    id: index + 1,
    reason: index === 0 ? long : `Signalement ${index + 1}`,
    type: index === 0 ? 'provider' : 'user',
    reported_provider_name: index === 0 ? 'Élio Carvalho' : null,
    reported_user_name: index === 0 ? null : 'Tomás Lopes',
    created_at: '2026-03-05T14:07:00.000Z',
  }),
);

function reportsApi() {
  return fakeApi().get('/api/reports/', ({ url }) => pageFrom(reports, url, 10));
}

describe('reports page', () => {
  it('shows the table with the reason cut at 50 characters, type, date, badge and the page pager', async () => {
    storeSession();
    reportsApi();
    const { router } = renderApp('/reports');
    const table = await screen.findByRole('table', { name: 'Signalements' }, { timeout: 5000 });
    expect(within(table).getByText(`${long.slice(0, 50)}...`)).toBeTruthy();
    const row = within(table)
      .getByText(`${long.slice(0, 50)}...`)
      .closest('tr') as HTMLElement;
    expect(within(row).getByText('Carla Dias')).toBeTruthy();
    expect(within(row).getByText('Prestataire')).toBeTruthy();
    expect(within(row).getByText('05/03/2026')).toBeTruthy();
    expect(within(row).getByText('En attente')).toBeTruthy();
    expect(screen.getByText('Page 1 sur 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('Page 2 sur 2')).toBeTruthy();
  });

  it('has no pager for a single page and says when nothing is found', async () => {
    storeSession();
    fakeApi().get('/api/reports/', ({ url }) =>
      url.searchParams.get('status') === 'dismissed' ? aPage([]) : aPage(reports.slice(0, 3)),
    );
    renderApp('/reports');
    await screen.findByText('Signalement 2', {}, { timeout: 5000 });
    expect(screen.queryByText(/Page 1 sur/)).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Statut' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Rejeté', hidden: true }));
    expect(await screen.findByText('Aucun signalement trouvé')).toBeTruthy();
  });

  it('filters by status, type and search on the server and keeps them in the URL', async () => {
    storeSession();
    const api = reportsApi();
    const { router } = renderApp('/reports?page=2');
    await screen.findByText('Signalement 11', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Avis', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=review'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Statut' }));
    fireEvent.click(await screen.findByRole('option', { name: "En cours d'examen", hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Rechercher' }), { target: { value: 'arnaque' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Rechercher' }), { key: 'Enter' });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=arnaque&status=under_review&type=review'),
    );
    await waitFor(() => {
      const last = api.callsTo('/api/reports/').at(-1)?.url.searchParams;
      expect(last?.get('search')).toBe('arnaque');
      expect(last?.get('status')).toBe('under_review');
      expect(last?.get('type')).toBe('review');
      expect(last?.get('page_size')).toBe('10');
    });
  });

  it('opens the detail, saves status and notes and shows the success message', async () => {
    storeSession();
    const api = reportsApi().post('/api/reports/:id/update_status/', ({ body }) => ({
      ...reports[0],
      ...(body as object),
    }));
    renderApp('/reports');
    await screen.findByText('Signalement 2', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Voir détails du signalement 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du signalement' });
    expect(within(dialog).getByText(long)).toBeTruthy();
    const notes = within(dialog).getByRole('textbox', {
      name: 'Notes administratives',
    }) as HTMLTextAreaElement;
    expect(notes.rows).toBe(5);
    expect(notes.placeholder).toBe('Ajoutez vos notes concernant ce signalement...');
    const info = within(dialog).getByRole('region', { name: 'Informations' });
    expect(within(info).getByText(/05\/03\/2026/)).toBeTruthy();
    const people = within(dialog).getByRole('region', { name: 'Personnes concernées' });
    expect(within(people).getByRole('link', { name: 'Carla Dias' }).getAttribute('href')).toBe(
      '/users?search=Carla%20Dias',
    );
    expect(within(people).getByRole('link', { name: 'Élio Carvalho' })).toBeTruthy();
    expect(within(people).getByText('Prestataire signalé')).toBeTruthy();
    const select = within(dialog).getByRole('combobox', { name: 'Statut' });
    fireEvent.click(select);
    const listbox = await waitFor(() => {
      const element = document.getElementById(select.getAttribute('aria-controls') ?? '');
      if (!element) throw new Error('liste des statuts absente');
      return element;
    });
    fireEvent.click(within(listbox).getByRole('option', { name: 'Résolu', hidden: true }));
    fireEvent.change(notes, { target: { value: 'Compte suspendu' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mettre à jour le statut' }));
    expect(await screen.findByText('Statut du signalement mis à jour avec succès.')).toBeTruthy();
    expect(api.callsTo('/api/reports/1/update_status/', 'POST')[0]?.body).toEqual({
      status: 'resolved',
      admin_notes: 'Compte suspendu',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Détails du signalement' })).toBeNull());
  });

  it('shows both failure messages when the update fails', async () => {
    storeSession();
    reportsApi().post('/api/reports/:id/update_status/', () => reply(500, { detail: 'Erreur' }));
    renderApp('/reports');
    await screen.findByText('Signalement 2', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Voir détails du signalement 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du signalement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mettre à jour le statut' }));
    expect(
      await within(dialog).findByText('Une erreur est survenue lors de la mise à jour du statut'),
    ).toBeTruthy();
    expect(
      await screen.findByText('Impossible de mettre à jour le statut. Veuillez réessayer.'),
    ).toBeTruthy();
  });

  it('shows the load error, then hides it after 5 seconds', async () => {
    storeSession();
    fakeApi().get('/api/reports/', () => reply(500, { detail: 'Erreur interne' }));
    renderApp('/reports');
    const text = 'Impossible de charger les signalements. Veuillez réessayer.';
    expect(await screen.findByText(text, {}, { timeout: 4000 })).toBeTruthy();
    const shownAt = Date.now();
    await waitFor(() => expect(screen.queryByText(text)).toBeNull(), { timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4000);
    expect(screen.queryByText('Aucun signalement trouvé')).toBeNull();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  }, 15_000);

  it("shows 'nouvel essai…' while a server failure is tried again, then the reports", async () => {
    storeSession();
    let calls = 0;
    fakeApi().get('/api/reports/', ({ url }) => {
      calls += 1;
      return calls === 1 ? reply(503, { detail: 'Base indisponible' }) : pageFrom(reports, url, 10);
    });
    renderApp('/reports', { retries: true });
    expect(await screen.findByText(RETRYING_TEXT)).toBeTruthy();
    expect(await screen.findByText('Signalement 2')).toBeTruthy();
    expect(screen.queryByText(RETRYING_TEXT)).toBeNull();
  });

  it('moves a page past the end (an old link) to the last page', async () => {
    storeSession();
    reportsApi();
    const { router } = renderApp('/reports?type=user&page=6');
    await waitFor(() => expect(router.state.location.search).toBe('?type=user&page=2'));
    expect(await screen.findByText('Signalement 12')).toBeTruthy();
    expect(screen.getByText('Page 2 sur 2')).toBeTruthy();
    expect(screen.queryByText('Aucun signalement trouvé')).toBeNull();
  });
});
