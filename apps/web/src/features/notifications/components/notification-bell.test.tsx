import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aNotification, aNotificationFeed } from '../../../test/builders';
import { fakeApi } from '../../../test/fake-api';
import { renderApp, storeSession } from '../../../test/render-app';
import { FEED_REFRESH_MS } from '../api/notification-feed';
import { unreadBadge } from './notification-bell';

const LOAD = { timeout: 5000 };

const feedItems = Array.from({ length: 10 }, (_, index) =>
  aNotification({
    id: index + 1,
    title: `Alerte ${index + 1}`,
    notification_type: index === 0 ? 'new_dispute' : 'system',
    type: index === 0 ? 'new_dispute' : 'system',
    related_object_type: index === 0 ? 'dispute' : null,
    related_object_id: index === 0 ? 5 : null,
    is_read: index >= 8,
    created_at: new Date(Date.now() - (index + 1) * 60_000).toISOString(),
  }),
);

function bellApi(unread = 12) {
  return fakeApi()
    .get('/api/admin/notifications/feed/', () => aNotificationFeed(feedItems, unread))
    .patch('/api/admin/notifications/:id/mark_read/', ({ params }) =>
      aNotification({ id: Number(params.id), is_read: true }),
    )
    .post('/api/admin/notifications/mark_all_read/', () => ({
      detail: '12 notifications marquées comme lues',
      updated: 12,
    }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('unreadBadge', () => {
  it("shows the count up to 9, then '9+'", () => {
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
    expect(unreadBadge(250)).toBe('9+');
  });
});

describe('notification bell', { timeout: 15_000 }, () => {
  it('shows the unread badge and the 10 latest, and a click marks read and opens what it is about', async () => {
    storeSession();
    const api = bellApi();
    const { router } = renderApp('/settings');
    const bell = await screen.findByRole('button', { name: 'Notifications : 12 non lue(s)' }, LOAD);
    expect(screen.getByText('9+')).toBeTruthy();
    fireEvent.click(bell);
    const dropdown = await screen.findByRole('dialog', { name: 'Notifications', hidden: true }, LOAD);
    expect(within(dropdown).getAllByRole('button', { name: /Alerte \d+/, hidden: true })).toHaveLength(10);
    expect(within(dropdown).getByText('Il y a 1 min')).toBeTruthy();
    expect(within(dropdown).getByRole('img', { name: 'Nouveau litige', hidden: true })).toBeTruthy();
    expect(
      within(dropdown)
        .getByRole('link', { name: 'Voir toutes les notifications', hidden: true })
        .getAttribute('href'),
    ).toBe('/notifications');

    fireEvent.click(within(dropdown).getByRole('button', { name: /Alerte 1 \(non lue\)/, hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/disputes/5'), LOAD);
    await waitFor(() =>
      expect(api.callsTo('/api/admin/notifications/1/mark_read/', 'PATCH')).toHaveLength(1),
    );
    // The feed reloads after the mark. (jsdom gives the bell no size, so its dropdown counts as hidden.)
    await waitFor(
      () => expect(api.callsTo('/api/admin/notifications/feed/').length).toBeGreaterThan(1),
      LOAD,
    );
  });

  it("marks everything read with 'Tout marquer comme lu', and a read notification opens without a mark", async () => {
    storeSession();
    const api = bellApi();
    const { router } = renderApp('/settings');
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }, LOAD));
    const dropdown = await screen.findByRole('dialog', { name: 'Notifications', hidden: true }, LOAD);
    fireEvent.click(within(dropdown).getByRole('button', { name: 'Tout marquer comme lu', hidden: true }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/notifications/mark_all_read/', 'POST')).toHaveLength(1),
    );

    fireEvent.click(within(dropdown).getByRole('button', { name: /Alerte 9 /, hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'), LOAD);
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it("says 'Aucune notification' when the feed is empty, with no badge", async () => {
    storeSession();
    fakeApi().get('/api/admin/notifications/feed/', () => aNotificationFeed([], 0));
    renderApp('/settings');
    const bell = await screen.findByRole('button', { name: 'Notifications' }, LOAD);
    fireEvent.click(bell);
    const dropdown = await screen.findByRole('dialog', { name: 'Notifications', hidden: true }, LOAD);
    expect(within(dropdown).getByText('Aucune notification')).toBeTruthy();
    expect(
      (
        within(dropdown).getByRole('button', {
          name: 'Tout marquer comme lu',
          hidden: true,
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });

  it('asks the server again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const api = bellApi(3);
    renderApp('/settings');
    await screen.findByRole('button', { name: 'Notifications : 3 non lue(s)' }, LOAD);
    const before = api.callsTo('/api/admin/notifications/feed/').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FEED_REFRESH_MS + 100);
    });
    await waitFor(
      () => expect(api.callsTo('/api/admin/notifications/feed/').length).toBeGreaterThan(before),
      LOAD,
    );
  });
});
