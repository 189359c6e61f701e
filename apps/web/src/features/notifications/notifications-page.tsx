import type { Notification } from '@kwanza/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { loadedData } from '../../components/query-state';
import { StatGrid } from '../../components/stat-grid';
import { errorMessage } from '../../lib/api-errors';
import { focusKeySelector, focusSoon, neighbourKeys } from '../../lib/focus';
import { useListParams } from '../../lib/list-params';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useNotificationStats, useNotifications } from './api/list-notifications';
import {
  useBulkDeleteNotifications,
  useBulkMarkNotificationsRead,
  useDeleteNotification,
  useMarkNotificationRead,
} from './api/notification-actions';
import { CreateNotificationDialog } from './components/create-notification-dialog';
import { NotificationFilters } from './components/notification-filters';
import { deleteKey, NotificationsTable, recipientName } from './components/notifications-table';
import { NOTIFICATION_LIST_PARAMS, NOTIFICATIONS_PAGE_SIZE } from './notification-list-params';

export default function NotificationsPage() {
  const list = useListParams(NOTIFICATION_LIST_PARAMS);
  const { params, update, urlKey } = list;
  const notifications = useNotifications({ ...params, page_size: NOTIFICATIONS_PAGE_SIZE });
  const statsQuery = useNotificationStats();
  const stats = loadedData(statsQuery);
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const bulkRead = useBulkMarkNotificationsRead();
  const bulkDelete = useBulkDeleteNotifications();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [creating, setCreating] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const filtered = Boolean(
    params.search || params.notification_type || params.is_read !== undefined || params.period,
  );

  // A selection belongs to the rows on screen: another page or filter starts without one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the URL state changes.
  useEffect(() => setSelected(new Set()), [urlKey]);

  const refresh = () => {
    void notifications.refetch();
    void statsQuery.refetch();
  };

  const markOneRead = (notification: Notification) => {
    setBusyId(notification.id);
    markRead.mutate(notification.id, {
      onSuccess: () => {
        notifySuccess('Notification marquée comme lue');
        // The button goes with the unread state: the focus moves to the same row's next action.
        focusSoon([focusKeySelector(deleteKey(notification.id))]);
      },
      onError: (error) =>
        notifyError(errorMessage(error, 'Impossible de marquer la notification comme lue.')),
      onSettled: () => setBusyId(null),
    });
  };

  const deleteOne = (notification: Notification) => {
    // Once the row is gone, the focus goes to the same action of the row after it (or before it).
    const neighbours = neighbourKeys(
      notifications.data?.results ?? [],
      (row) => row.id,
      notification.id,
      deleteKey,
    );
    openConfirmDialog({
      title: 'Confirmer la suppression',
      message: 'Êtes-vous sûr de vouloir supprimer cette notification ? Cette action est irréversible.',
      confirmLabel: 'Supprimer',
      destructive: true,
      onConfirm: () => {
        setBusyId(notification.id);
        remove.mutate(notification.id, {
          onSuccess: () => {
            notifySuccess('Notification supprimée avec succès');
            setSelected((current) => {
              const next = new Set(current);
              next.delete(notification.id);
              return next;
            });
            focusSoon(neighbours);
          },
          onError: (error) => notifyError(errorMessage(error, 'Impossible de supprimer la notification.')),
          onSettled: () => setBusyId(null),
        });
      },
    });
  };

  const ids = () => [...selected];

  const markSelectedRead = () => {
    if (bulkRead.isPending) return;
    bulkRead.mutate(ids(), {
      onSuccess: (result) => {
        setSelected(new Set());
        notifySuccess(result.detail);
      },
      onError: (error) =>
        notifyError(errorMessage(error, 'Impossible de marquer les notifications comme lues.')),
    });
  };

  const deleteSelected = () =>
    openConfirmDialog({
      title: 'Confirmer la suppression',
      message: `Êtes-vous sûr de vouloir supprimer ${selected.size} notification(s) ? Cette action est irréversible.`,
      confirmLabel: 'Supprimer',
      destructive: true,
      onConfirm: () =>
        bulkDelete.mutate(ids(), {
          onSuccess: (result) => {
            setSelected(new Set());
            notifySuccess(result.detail);
          },
          onError: (error) => notifyError(errorMessage(error, 'Impossible de supprimer les notifications.')),
        }),
    });

  return (
    <>
      <PageHeader
        title="Gestion des Notifications"
        actions={
          <>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Nouvelle notification
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={refresh}
              loading={notifications.isFetching && !notifications.isPending}
            >
              Actualiser
            </Button>
          </>
        }
      />
      <StatGrid
        items={[
          { label: 'Total', value: stats?.total_notifications },
          { label: 'Non lues', value: stats?.unread_notifications, color: 'red' },
        ]}
        cols={{ base: 2 }}
      />
      <Paper withBorder radius="md" p="md">
        <NotificationFilters list={list} />
        {selected.size > 0 ? (
          <Group
            justify="space-between"
            mb="md"
            p="sm"
            bg="var(--mantine-color-blue-light)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            role="region"
            aria-label="Sélection"
          >
            <Text size="sm" fw={500}>
              {selected.size} notification(s) sélectionnée(s)
            </Text>
            <Group gap="sm">
              <Button size="xs" onClick={markSelectedRead} loading={bulkRead.isPending}>
                Marquer comme lues
              </Button>
              <Button size="xs" color="red" onClick={deleteSelected} loading={bulkDelete.isPending}>
                Supprimer
              </Button>
              <Button size="xs" variant="default" onClick={() => setSelected(new Set())}>
                Annuler
              </Button>
            </Group>
          </Group>
        ) : null}
        <ListView
          query={notifications}
          page={params.page}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          onPageChange={(next, options) => update({ page: next }, options)}
          errorMessage="Impossible de charger les notifications. Veuillez réessayer."
          empty={
            <EmptyState
              title="Aucune notification"
              description={
                filtered ? 'Aucune notification ne correspond à vos critères de recherche.' : undefined
              }
            />
          }
        >
          {(data) => (
            <NotificationsTable
              notifications={data.results}
              selection={{
                selected,
                onChange: setSelected,
                rowLabel: (notification) =>
                  `Sélectionner la notification « ${notification.title} » (${recipientName(notification)})`,
              }}
              actions={{ onMarkRead: markOneRead, onDelete: deleteOne, busyId }}
            />
          )}
        </ListView>
      </Paper>
      <CreateNotificationDialog opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
