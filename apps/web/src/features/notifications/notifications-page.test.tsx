import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aNotification,
  aNotificationFeed,
  aUser,
  pageFrom,
  someNotificationStats,
} from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

/** Loading a screen's lazy chunk can take a while on a busy machine. */
const LOAD = { timeout: 5000 };

const recent = new Date(Date.now() - 5 * 60_000).toISOString();
const twelve = Array.from({ length: 12 }, (_, index) =>
  aNotification({
    id: index + 1,
    title: `Notification ${index + 1}`,
    is_read: index % 3 === 0,
    priority: index === 1 ? 'urgent' : 'normal',
    notification_type: index === 2 ? 'dispute' : 'system',
    type: index === 2 ? 'dispute' : 'system',
    created_at: index === 0 ? recent : '2026-01-01T10:00:00.000Z',
  }),
);

function notificationsApi() {
  return fakeApi()
    .get('/api/admin/notifications/', ({ url }) => pageFrom(twelve, url, 10))
    .get('/api/admin/notifications/stats/', () => someNotificationStats())
    .get('/api/admin/notifications/feed/', () => aNotificationFeed([]))
    .patch('/api/admin/notifications/:id/mark_read/', ({ params }) =>
      aNotification({ id: Number(params.id), is_read: true }),
    )
    .delete('/api/admin/notifications/:id/', () => reply(204))
    .post('/api/admin/notifications/bulk_mark_read/', () => ({
      detail: '2 notifications marquées comme lues',
      updated: 2,
    }))
    .post('/api/admin/notifications/bulk_delete/', () => ({
      detail: '2 notifications supprimées',
      updated: 2,
    }));
}

const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

describe('notifications page', { timeout: 15_000 }, () => {
  it('shows the counters and rows with icon, text, type, user, status, date, priority and actions', async () => {
    storeSession();
    notificationsApi();
    renderApp('/notifications');
    expect(await screen.findByText('Notification 1', {}, LOAD)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Gestion des Notifications' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Total' }).textContent).toContain('120');
    expect(screen.getByRole('group', { name: 'Non lues' }).textContent).toContain('35');

    const first = rowOf('Notification 1');
    expect(within(first).getByText('Lue')).toBeTruthy();
    expect(within(first).getByText('Il y a quelques minutes')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Notification système' })).toBeTruthy();
    expect(within(first).getByText('Carla Dias')).toBeTruthy();
    expect(within(first).getByText('carla@example.test')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /Marquer comme lue/ })).toBeNull();
    const second = rowOf('Notification 2');
    expect(within(second).getByText('Non lue')).toBeTruthy();
    expect(within(second).getByText('Urgente')).toBeTruthy();
    expect(within(second).getByText('01/01/2026')).toBeTruthy();
    expect(second.getAttribute('data-highlighted')).toBe('true');
    expect(first.getAttribute('data-highlighted')).toBeNull();
    expect(within(rowOf('Notification 3')).getAllByText('Litige').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
  });

  it('keeps the filters in the URL and sends them to the server', async () => {
    storeSession();
    const api = notificationsApi();
    const { router } = renderApp('/notifications?page=2');
    await screen.findByText('Notification 11', {}, LOAD);
    fireEvent.click(screen.getByRole('combobox', { name: 'Statut' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Non lues', hidden: true }, LOAD));
    await waitFor(() => expect(router.state.location.search).toBe('?is_read=false'), LOAD);
    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Litige', hidden: true }, LOAD));
    fireEvent.click(screen.getByRole('combobox', { name: 'Période' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cette semaine', hidden: true }, LOAD));
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(Object.fromEntries(search)).toEqual({
        is_read: 'false',
        notification_type: 'dispute',
        period: 'week',
      });
    }, LOAD);
    await waitFor(() => {
      const last = api.callsTo('/api/admin/notifications/').at(-1)?.url.searchParams;
      expect(last?.get('is_read')).toBe('false');
      expect(last?.get('notification_type')).toBe('dispute');
      expect(last?.get('period')).toBe('week');
      expect(last?.get('page')).toBe('1');
    }, LOAD);
  });

  it('marks one read, and deletes one after the confirmation', async () => {
    storeSession();
    const api = notificationsApi();
    renderApp('/notifications');
    await screen.findByText('Notification 2', {}, LOAD);
    fireEvent.click(screen.getByRole('button', { name: 'Marquer comme lue : Notification 2' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/notifications/2/mark_read/', 'PATCH')).toHaveLength(1),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer : Notification 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer la suppression' }, LOAD);
    expect(
      within(dialog).getByText(
        'Êtes-vous sûr de vouloir supprimer cette notification ? Cette action est irréversible.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirmer la suppression' })).toBeNull(),
    );
    expect(api.callsTo('/api/admin/notifications/3/', 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer : Notification 3' }));
    const again = await screen.findByRole('dialog', { name: 'Confirmer la suppression' }, LOAD);
    fireEvent.click(within(again).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(api.callsTo('/api/admin/notifications/3/', 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Notification supprimée avec succès', {}, LOAD)).toBeTruthy();
  });

  it('marks a selection read and deletes a selection, with the selection bar', async () => {
    storeSession();
    const api = notificationsApi();
    renderApp('/notifications');
    await screen.findByText('Notification 2', {}, LOAD);
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Sélectionner la notification « Notification 2 » (Carla Dias)' }),
    );
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Sélectionner la notification « Notification 3 » (Carla Dias)' }),
    );
    expect(screen.getByText('2 notification(s) sélectionnée(s)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Marquer comme lues' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/notifications/bulk_mark_read/', 'POST')).toHaveLength(1),
    );
    expect(api.callsTo('/api/admin/notifications/bulk_mark_read/', 'POST')[0]?.body).toEqual({
      notification_ids: [2, 3],
    });
    await waitFor(() => expect(screen.queryByText(/sélectionnée\(s\)/)).toBeNull(), LOAD);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
    expect(screen.getByText('10 notification(s) sélectionnée(s)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer la suppression' }, LOAD);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(api.callsTo('/api/admin/notifications/bulk_delete/', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/admin/notifications/bulk_delete/', 'POST')[0]?.body).toEqual({
      notification_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    });
  });

  it('says clearly when a bulk action fails, and keeps the selection', async () => {
    storeSession();
    notificationsApi().post('/api/admin/notifications/bulk_delete/', () =>
      reply(404, {
        detail: 'Une ou plusieurs notifications sont introuvables. Aucune modification effectuée.',
      }),
    );
    renderApp('/notifications');
    await screen.findByText('Notification 2', {}, LOAD);
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Sélectionner la notification « Notification 2 » (Carla Dias)' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer la suppression' }, LOAD);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(
      await screen.findByText(
        'Une ou plusieurs notifications sont introuvables. Aucune modification effectuée.',
        {},
        LOAD,
      ),
    ).toBeTruthy();
    expect(screen.getByText('1 notification(s) sélectionnée(s)')).toBeTruthy();
  });

  it('shows both empty texts and the load error', async () => {
    storeSession();
    const api = notificationsApi().get('/api/admin/notifications/', () =>
      pageFrom([], new URL('http://x'), 10),
    );
    const { unmount } = renderApp('/notifications');
    expect(await screen.findByText('Aucune notification', {}, LOAD)).toBeTruthy();
    expect(screen.queryByText('Aucune notification ne correspond à vos critères de recherche.')).toBeNull();
    unmount();
    renderApp('/notifications?is_read=true');
    expect(
      await screen.findByText('Aucune notification ne correspond à vos critères de recherche.', {}, LOAD),
    ).toBeTruthy();
    api.get('/api/admin/notifications/', () => reply(500, { detail: 'Erreur interne' }));
    renderApp('/notifications?page=3');
    expect(
      await screen.findByText('Impossible de charger les notifications. Veuillez réessayer.', {}, LOAD),
    ).toBeTruthy();
  });
});

describe('create notification dialog', { timeout: 20_000 }, () => {
  const ana = aUser({ id: 7, first_name: 'Ana', last_name: 'Kaputo', email: 'ana@example.test' });

  function dialogApi() {
    return notificationsApi()
      .get('/api/users/', ({ url }) =>
        url.searchParams.get('search')?.toLowerCase().startsWith('ana')
          ? pageFrom([ana], url, 10)
          : pageFrom([], url, 10),
      )
      .post('/api/admin/notifications/send/', ({ body }) => aNotification({ id: 99, ...(body as object) }))
      .get('/api/admin/broadcast/audience/', () => ({ recipients: 1234 }))
      .post('/api/admin/broadcast/notifications', () => ({
        detail: 'Notification envoyée à 1234 utilisateurs',
        recipients: 1234,
      }));
  }

  async function openDialog() {
    await screen.findByText('Notification 1', {}, LOAD);
    fireEvent.click(screen.getByRole('button', { name: 'Nouvelle notification' }));
    return screen.findByRole('dialog', { name: 'Créer une nouvelle notification' }, LOAD);
  }

  it('checks the fields in French, clears an error when its field is edited, and sends to a user found by search', async () => {
    storeSession();
    const api = dialogApi();
    renderApp('/notifications');
    const dialog = await openDialog();
    expect(api.callsTo('/api/users/')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Le titre est requis')).toBeTruthy();
    expect(within(dialog).getByText('Le message est requis')).toBeTruthy();
    expect(within(dialog).getByText('Veuillez sélectionner un utilisateur')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Titre' }), {
      target: { value: '  Bienvenue  ' },
    });
    expect(within(dialog).queryByText('Le titre est requis')).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Merci de votre inscription.' },
    });

    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Utilisateur' }), {
      target: { value: 'ana' },
    });
    fireEvent.click(await screen.findByRole('option', { name: /Ana Kaputo/, hidden: true }, LOAD));
    expect(within(dialog).queryByText('Veuillez sélectionner un utilisateur')).toBeNull();
    expect(api.callsTo('/api/users/').at(-1)?.url.searchParams.get('search')).toBe('ana');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(api.callsTo('/api/admin/notifications/send/', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/admin/notifications/send/', 'POST')[0]?.body).toEqual({
      user_id: 7,
      title: 'Bienvenue',
      message: 'Merci de votre inscription.',
      notification_type: 'system',
    });
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'Créer une nouvelle notification' })).toBeNull(),
      LOAD,
    );
    expect(await screen.findByText('Notification envoyée avec succès', {}, LOAD)).toBeTruthy();
  });

  it('keeps what was typed and says so inline when sending fails; the form is empty when it opens again', async () => {
    storeSession();
    dialogApi().post('/api/admin/notifications/send/', () => reply(500, { detail: 'Erreur interne' }));
    renderApp('/notifications');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Titre' }), {
      target: { value: 'Important' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'À lire' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Utilisateur' }), {
      target: { value: 'ana' },
    });
    fireEvent.click(await screen.findByRole('option', { name: /Ana Kaputo/, hidden: true }, LOAD));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect((await within(dialog).findByRole('alert', {}, LOAD)).textContent).toContain(
      "Erreur lors de l'envoi de la notification",
    );
    expect((within(dialog).getByRole('textbox', { name: 'Titre' }) as HTMLInputElement).value).toBe(
      'Important',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'Créer une nouvelle notification' })).toBeNull(),
      LOAD,
    );
    const reopened = await openDialog();
    expect((within(reopened).getByRole('textbox', { name: 'Titre' }) as HTMLInputElement).value).toBe('');
    expect(within(reopened).queryByRole('alert')).toBeNull();
  });

  it('sends to all users after a confirmation naming how many will receive it', async () => {
    storeSession();
    const api = dialogApi();
    renderApp('/notifications');
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Tous les utilisateurs' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Utilisateur' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Titre' }), {
      target: { value: 'Nouveauté' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Les devis en ligne.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Envoyer à tous les utilisateurs' }, LOAD);
    expect(confirm.textContent).toMatch(/1\s234 utilisateurs actifs/);
    expect(api.callsTo('/api/admin/broadcast/notifications', 'POST')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(api.callsTo('/api/admin/broadcast/notifications', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/admin/broadcast/notifications', 'POST')[0]?.body).toEqual({
      title: 'Nouveauté',
      message: 'Les devis en ligne.',
      notification_type: 'system',
    });
    expect(await screen.findByText('Notification envoyée à 1234 utilisateurs', {}, LOAD)).toBeTruthy();
  });
});
