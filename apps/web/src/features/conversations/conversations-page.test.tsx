import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aConversation, aPage, pageFrom, someConversationStats } from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

/** Loading a screen's lazy chunk can take a while on a busy machine. */
const LOAD = { timeout: 5000 };

const twelve = Array.from({ length: 12 }, (_, index) =>
  aConversation({
    id: index + 1,
    client: { id: 100 + index, full_name: `Client ${index + 1}`, email: `client${index + 1}@example.test` },
    unread_messages: index === 0 ? 2 : 0,
    status: index === 2 ? 'closed' : 'active',
  }),
);

function conversationsApi() {
  return fakeApi()
    .get('/api/admin/conversations/', ({ url }) => pageFrom(twelve, url, 10))
    .get('/api/admin/conversations/stats/', () => someConversationStats())
    .post('/api/admin/conversations/bulk-mark-read/', () => ({ marked_messages: 2 }));
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('conversations page', { timeout: 15_000 }, () => {
  it('shows the four counters and rows with parties, e-mails, badge, last message and link', async () => {
    storeSession();
    conversationsApi();
    renderApp('/conversations');
    expect(await screen.findByText('Client 1 ↔ Rui Santos', {}, LOAD)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Total' }).textContent).toContain('42');
    expect(screen.getByRole('group', { name: 'Non lues' }).textContent).toContain('7');
    expect(screen.getByRole('group', { name: 'Récentes (24h)' }).textContent).toContain('5');
    expect(screen.getByRole('group', { name: 'Messages totaux' }).textContent).toContain('380');

    const first = rowOf('Client 1 ↔ Rui Santos');
    expect(within(first).getByText('client1@example.test')).toBeTruthy();
    expect(within(first).getByText('rui@example.test')).toBeTruthy();
    expect(within(first).getByText('2 non lu(s)')).toBeTruthy();
    expect(within(first).getByText('2 jours')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Prestataire' })).toBeTruthy();
    expect(within(first).getByText('Je passe demain matin.')).toBeTruthy();
    expect(within(first).getByText('01/01/2026')).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: 'Voir détails de la conversation Client 1 ↔ Rui Santos' })
        .getAttribute('href'),
    ).toBe('/conversations/1');
    expect(within(rowOf('Client 2 ↔ Rui Santos')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('Client 3 ↔ Rui Santos')).getByText('Lu')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
  });

  it('keeps the unread and period filters in the URL and sends them to the server', async () => {
    storeSession();
    const api = conversationsApi();
    const { router } = renderApp('/conversations?page=2');
    await screen.findByText('Client 11 ↔ Rui Santos', {}, LOAD);
    fireEvent.click(screen.getByRole('combobox', { name: 'Lecture' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Avec messages non lus', hidden: true }, LOAD));
    await waitFor(() => expect(router.state.location.search).toBe('?has_unread=true'), LOAD);
    fireEvent.click(screen.getByRole('combobox', { name: 'Période' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cette semaine', hidden: true }, LOAD));
    await waitFor(() => expect(router.state.location.search).toBe('?has_unread=true&period=week'), LOAD);
    await waitFor(() => {
      const last = api.callsTo('/api/admin/conversations/').at(-1)?.url.searchParams;
      expect(last?.get('has_unread')).toBe('true');
      expect(last?.get('period')).toBe('week');
      expect(last?.get('page')).toBe('1');
    }, LOAD);
  });

  it('marks the selected conversations read, and the selection bar can be cancelled', async () => {
    storeSession();
    const api = conversationsApi();
    renderApp('/conversations');
    await screen.findByText('Client 1 ↔ Rui Santos', {}, LOAD);
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Sélectionner la conversation Client 1 ↔ Rui Santos' }),
    );
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Sélectionner la conversation Client 2 ↔ Rui Santos' }),
    );
    expect(screen.getByText('2 conversation(s) sélectionnée(s)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByText('2 conversation(s) sélectionnée(s)')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
    expect(screen.getByText('10 conversation(s) sélectionnée(s)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Marquer comme lu' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/conversations/bulk-mark-read/', 'POST')).toHaveLength(1),
    );
    expect(api.callsTo('/api/admin/conversations/bulk-mark-read/', 'POST')[0]?.body).toEqual({
      conversation_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    });
    await waitFor(() => expect(screen.queryByText(/sélectionnée\(s\)/)).toBeNull(), LOAD);
    // The list and the counters reload.
    await waitFor(
      () => expect(api.callsTo('/api/admin/conversations/stats/').length).toBeGreaterThan(1),
      LOAD,
    );
  });

  it('says clearly when marking read fails', async () => {
    storeSession();
    conversationsApi().post('/api/admin/conversations/bulk-mark-read/', () =>
      reply(404, { detail: 'Conversations introuvables : 1.' }),
    );
    renderApp('/conversations');
    await screen.findByText('Client 1 ↔ Rui Santos', {}, LOAD);
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Sélectionner la conversation Client 1 ↔ Rui Santos' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Marquer comme lu' }));
    expect(await screen.findByText('Conversations introuvables : 1.', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('1 conversation(s) sélectionnée(s)')).toBeTruthy();
  });

  it('says why the list is empty: filters, or no conversation at all', async () => {
    storeSession();
    fakeApi()
      .get('/api/admin/conversations/', () => aPage([]))
      .get('/api/admin/conversations/stats/', () => someConversationStats());
    const { unmount } = renderApp('/conversations?period=today');
    expect(await screen.findByText('Aucune conversation', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('Aucune conversation ne correspond à vos critères de recherche.')).toBeTruthy();
    unmount();
    renderApp('/conversations');
    expect(await screen.findByText('Aucune conversation', {}, LOAD)).toBeTruthy();
    expect(screen.queryByText('Aucune conversation ne correspond à vos critères de recherche.')).toBeNull();
  });

  it('shows the load error instead of an empty list', async () => {
    storeSession();
    fakeApi()
      .get('/api/admin/conversations/', () => reply(500, { detail: 'Erreur interne' }))
      .get('/api/admin/conversations/stats/', () => reply(500, { detail: 'Erreur interne' }));
    renderApp('/conversations');
    expect(
      await screen.findByText('Impossible de charger les conversations. Veuillez réessayer.', {}, LOAD),
    ).toBeTruthy();
    expect(screen.queryByText('Aucune conversation')).toBeNull();
    expect(screen.getByRole('group', { name: 'Total' }).textContent).toContain('—');
  });
});
