import type { ConversationMessage } from '@kwanza/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RETRYING_TEXT } from '../../components/query-state';
import { aConversation, aConversationMessage } from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

/** Loading a screen's lazy chunk can take a while on a busy machine. */
const LOAD = { timeout: 5000 };

function threadApi(options: { unread?: number; status?: 'active' | 'closed' } = {}) {
  const messages: ConversationMessage[] = [
    aConversationMessage({ id: 1, content: '<script>window.hacked = true</script>' }),
    aConversationMessage({
      id: 2,
      sender_type: 'provider',
      sender_name: 'Rui Santos',
      content: 'Je passe demain.',
      is_read: false,
    }),
    aConversationMessage({
      id: 3,
      sender_type: 'admin',
      sender_name: 'Ana Silva',
      content: 'Restez courtois.',
      is_admin_message: true,
    }),
  ];
  const conversation = aConversation({
    id: 7,
    unread_messages: options.unread ?? 1,
    status: options.status ?? 'active',
  });
  return fakeApi()
    .get('/api/admin/conversations/:id/', () => conversation)
    .get('/api/admin/conversations/:id/messages/', () => messages)
    .post('/api/admin/conversations/:id/mark_all_read/', () => ({ marked_messages: 1 }))
    .post('/api/admin/conversations/:id/close_conversation/', () => ({ ...conversation, status: 'closed' }))
    .delete('/api/admin/messages/:id/delete/', () => reply(204));
}

describe('conversation detail page', { timeout: 15_000 }, () => {
  it('shows the header, info bar and the thread as plain text, coloured by sender', async () => {
    storeSession();
    threadApi();
    renderApp('/conversations/7');
    expect(await screen.findByRole('heading', { name: 'Conversation #7' }, LOAD)).toBeTruthy();
    expect(screen.getByText('Carla Dias ↔ Rui Santos')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Retour à la liste des conversations' }).getAttribute('href'),
    ).toBe('/conversations');
    expect(screen.getByText('carla@example.test')).toBeTruthy();
    expect(screen.getByText('rui@example.test')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marquer tout lu (1)' })).toBeTruthy();

    const thread = await screen.findByRole('log', { name: 'Messages' }, LOAD);
    const articles = within(thread).getAllByRole('article');
    expect(articles).toHaveLength(3);
    expect(
      within(articles[0] as HTMLElement).getByText('<script>window.hacked = true</script>'),
    ).toBeTruthy();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(within(articles[1] as HTMLElement).getByText('Non lu')).toBeTruthy();
    expect(within(articles[1] as HTMLElement).getByText('Prestataire')).toBeTruthy();
    // Admins' messages have no delete control; the others do.
    expect(within(articles[2] as HTMLElement).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Supprimer le message de Rui Santos' })).toBeTruthy();
    expect(
      screen.getByPlaceholderText("Écrire un message en tant qu'administrateur...").getAttribute('rows'),
    ).toBe('3');
  });

  it('hides the mark-all button without unread messages, and marks all read otherwise', async () => {
    storeSession();
    const api = threadApi();
    const { unmount } = renderApp('/conversations/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Marquer tout lu (1)' }, LOAD));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/conversations/7/mark_all_read/', 'POST')).toHaveLength(1),
    );
    unmount();

    threadApi({ unread: 0 });
    renderApp('/conversations/7');
    await screen.findByRole('heading', { name: 'Conversation #7' }, LOAD);
    expect(screen.queryByRole('button', { name: /Marquer tout lu/ })).toBeNull();
  });

  it('sends a trimmed admin message once, and keeps the text when sending fails', async () => {
    storeSession();
    let answer: () => unknown = () => reply(500, { detail: 'Erreur interne du serveur.' });
    const api = threadApi().post('/api/admin/conversations/:id/add_admin_message/', () => answer());
    renderApp('/conversations/7');
    const box = await screen.findByRole('textbox', { name: "Message de l'administrateur" }, LOAD);
    const send = screen.getByRole('button', { name: 'Envoyer' });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(send.hasAttribute('disabled')).toBe(true);

    fireEvent.change(box, { target: { value: '  Merci de rester courtois.  ' } });
    fireEvent.click(send);
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Erreur interne du serveur.', {}, LOAD)).toBeTruthy();
    const calls = api.callsTo('/api/admin/conversations/7/add_admin_message/', 'POST');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ content: 'Merci de rester courtois.' });
    expect((box as HTMLTextAreaElement).value).toBe('  Merci de rester courtois.  ');

    answer = () =>
      aConversationMessage({ id: 9, sender_type: 'admin', is_admin_message: true, content: 'Merci' });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''), LOAD);
    expect(api.callsTo('/api/admin/conversations/7/add_admin_message/', 'POST')).toHaveLength(2);
  });

  it('deletes a message after the confirmation', async () => {
    storeSession();
    const api = threadApi();
    renderApp('/conversations/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer le message de Rui Santos' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le message' }, LOAD);
    expect(
      within(dialog).getByText(
        'Êtes-vous sûr de vouloir supprimer ce message ? Cette action est irréversible.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(api.callsTo('/api/admin/messages/2/delete/', 'DELETE')).toHaveLength(1), LOAD);
  });

  it('closes the conversation after a confirmation; a closed one takes no message', async () => {
    storeSession();
    const api = threadApi();
    renderApp('/conversations/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Fermer conversation' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Fermer la conversation' }, LOAD);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer conversation' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/conversations/7/close_conversation/', 'POST')).toHaveLength(1),
    );
    expect(await screen.findByText('Fermée', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('Cette conversation est fermée : plus personne ne peut y écrire.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: "Message de l'administrateur" })).toBeNull();
  });

  it("says 'Conversation non trouvée' with a way back", async () => {
    storeSession();
    fakeApi().get('/api/admin/conversations/:id/', () => reply(404, { detail: 'Conversation introuvable.' }));
    renderApp('/conversations/999');
    expect(await screen.findByText('Conversation non trouvée', {}, LOAD)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la liste' }).getAttribute('href')).toBe(
      '/conversations',
    );
  });

  it("shows 'nouvel essai…' while the conversation and then its messages are tried again", async () => {
    storeSession();
    let conversationCalls = 0;
    let messageCalls = 0;
    const api = threadApi();
    api
      .get('/api/admin/conversations/:id/', () => {
        conversationCalls += 1;
        return conversationCalls === 1
          ? reply(503, { detail: 'Base indisponible' })
          : aConversation({ id: 7 });
      })
      .get('/api/admin/conversations/:id/messages/', () => {
        messageCalls += 1;
        return messageCalls === 1 ? reply(500, { detail: 'Erreur interne' }) : [aConversationMessage()];
      });
    renderApp('/conversations/7', { retries: true });
    expect(await screen.findByText(RETRYING_TEXT, {}, LOAD)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Conversation #7' })).toBeTruthy();
    expect(await screen.findByText(RETRYING_TEXT)).toBeTruthy();
    expect(await screen.findByText('Bonjour, êtes-vous disponible ?')).toBeTruthy();
    expect(screen.queryByText(RETRYING_TEXT)).toBeNull();
  });
});
