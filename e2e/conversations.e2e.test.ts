import type { AdminConversation, AdminConversationPage, ConversationMessageList } from '@kwanza/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { fetchSession, type StoredSession, storeSession, useBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

let server: RunningServer;
let session: StoredSession;

beforeAll(async () => {
  server = await startServer();
  session = await fetchSession(server);
});

afterAll(async () => {
  await server?.stop();
});

const browser = useBrowser(() => server);
const api = <T>(pathAndQuery: string) => apiGet<T>(server, session, pathAndQuery);

async function openConversations(page: Page, query = ''): Promise<void> {
  await storeSession(browser.context, session);
  await page.goto(`/conversations${query}`);
  await page.getByRole('table', { name: 'Conversations' }).waitFor();
}

const partiesOf = (conversation: AdminConversation) =>
  `${conversation.client.full_name} ↔ ${conversation.provider.full_name}`;

async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Toujours pas : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('conversations list', () => {
  it('filters the conversations with unread messages, and marks two of them read', async () => {
    const unread = await api<AdminConversationPage>('/admin/conversations/?has_unread=true&page_size=10');
    expect(unread.results.length, 'the demo data has two conversations with unread messages').toBeGreaterThan(
      1,
    );
    const { page } = browser;
    await openConversations(page);

    await page.getByRole('combobox', { name: 'Lecture' }).click();
    await page.getByRole('option', { name: 'Avec messages non lus' }).click();
    await page.waitForURL(/has_unread=true/);
    const table = page.getByRole('table', { name: 'Conversations' });
    const [first, second] = unread.results as [AdminConversation, AdminConversation];
    // The previous (unfiltered) rows stay on screen while the filtered page loads: wait for the
    // filtered rows themselves rather than for one conversation that both lists may show.
    const badgesOnScreen = () => table.locator('tbody tr td:nth-child(3)').allTextContents();
    await waitUntil(async () => {
      const badges = await badgesOnScreen();
      return (
        badges.length === unread.results.length && badges.every((badge) => /^\d+ non lu\(s\)$/.test(badge))
      );
    }, 'only the conversations with unread messages are listed');
    await table.getByText(partiesOf(first)).first().waitFor();

    for (const conversation of [first, second]) {
      await page
        .getByRole('checkbox', {
          name: `Sélectionner la conversation ${partiesOf(conversation)}`,
          exact: true,
        })
        .first()
        .check();
    }
    await page.getByText('2 conversation(s) sélectionnée(s)').waitFor();
    await page.getByRole('button', { name: 'Marquer comme lu' }).click();
    await page.getByText('Conversations marquées comme lues').waitFor();
    await waitUntil(async () => {
      const [one, two] = await Promise.all([
        api<AdminConversation>(`/admin/conversations/${first.id}/`),
        api<AdminConversation>(`/admin/conversations/${second.id}/`),
      ]);
      return one.unread_messages === 0 && two.unread_messages === 0;
    }, 'the two conversations are read');
    expect(await page.getByText(/conversation\(s\) sélectionnée\(s\)/).count()).toBe(0);
  });
});

describe('conversation detail', () => {
  it('sends an admin message that stays after reload, deletes a client message, closes the conversation', async () => {
    let target: AdminConversation | undefined;
    let thread: ConversationMessageList = [];
    for (let pageNumber = 1; !target && pageNumber <= 5; pageNumber += 1) {
      const list = await api<AdminConversationPage>(`/admin/conversations/?page=${pageNumber}&page_size=20`);
      for (const conversation of list.results) {
        if (conversation.status !== 'active') continue;
        const messages = await api<ConversationMessageList>(
          `/admin/conversations/${conversation.id}/messages/`,
        );
        if (messages.some((message) => message.sender_type === 'client')) {
          target = conversation;
          thread = messages;
          break;
        }
      }
    }
    expect(target, 'the demo data has an active conversation with a client message').toBeDefined();
    const id = target?.id ?? 0;
    const { page } = browser;
    await storeSession(browser.context, session);
    await page.goto(`/conversations/${id}`);
    await page.getByRole('heading', { name: `Conversation #${id}`, exact: true }).waitFor();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.waitFor();

    const text = `Merci de garder un ton courtois (e2e ${Date.now()})`;
    await page.getByRole('textbox', { name: "Message de l'administrateur" }).fill(`  ${text}  `);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await log.getByText(text).waitFor();
    // The message shows as soon as the thread is read again; the box empties when the mutation
    // settles, a moment later (it settles once the lists it makes stale are read again).
    const box = page.getByRole('textbox', { name: "Message de l'administrateur" });
    await expect.poll(() => box.inputValue()).toBe('');
    await page.reload();
    await page.getByRole('log', { name: 'Messages' }).getByText(text).waitFor();

    const clientMessage = thread.find((message) => message.sender_type === 'client');
    const clientArticle = page
      .getByRole('log', { name: 'Messages' })
      .getByRole('article')
      .filter({ hasText: clientMessage?.content ?? '' })
      .first();
    await clientArticle.hover();
    await clientArticle
      .getByRole('button', { name: `Supprimer le message de ${clientMessage?.sender_name}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer le message' });
    await dialog
      .getByText('Êtes-vous sûr de vouloir supprimer ce message ? Cette action est irréversible.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Message supprimé').waitFor();
    await waitUntil(async () => {
      const messages = await api<ConversationMessageList>(`/admin/conversations/${id}/messages/`);
      return !messages.some((message) => message.id === clientMessage?.id);
    }, 'the client message is gone from the thread');

    await page.getByRole('button', { name: 'Fermer conversation' }).click();
    const closeDialog = page.getByRole('dialog', { name: 'Fermer la conversation' });
    await closeDialog.getByRole('button', { name: 'Fermer conversation' }).click();
    await page.getByText('Cette conversation est fermée : plus personne ne peut y écrire.').waitFor();
    expect(await page.getByRole('textbox', { name: "Message de l'administrateur" }).count()).toBe(0);
    const closed = await api<AdminConversation>(`/admin/conversations/${id}/`);
    expect(closed.status).toBe('closed');
  });
});
