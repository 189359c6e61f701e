import type { Notification, NotificationPriority } from '@kwanza/contract';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSelection } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { focusKey } from '../../../lib/focus';
import { formatNotificationDate } from '../../../lib/format';
import { labelOf, NOTIFICATION_PRIORITY_LABELS, NOTIFICATION_TYPE_LABELS } from '../../../lib/labels';
import { NotificationTypeIcon } from './notification-type-icon';

/** The priority badge: Basse, Haute, Urgente; none for a normal priority. */
export function PriorityBadge({ priority }: { priority: NotificationPriority }) {
  if (priority === 'normal') return null;
  const { label, color } = NOTIFICATION_PRIORITY_LABELS[priority];
  return <StatusBadge label={label} color={color} />;
}

/** The focus key of a row's delete button (focus moves there after 'Marquer comme lue'). */
export const deleteKey = (id: number) => `notification-delete-${id}`;

export const recipientName = (notification: Notification) =>
  `${notification.user.first_name} ${notification.user.last_name}`.trim() || notification.user.username;

interface RowActions {
  onMarkRead: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
  /** The notification whose action is running (its buttons wait). */
  busyId: number | null;
}

function columns({ onMarkRead, onDelete, busyId }: RowActions): DataTableColumn<Notification>[] {
  return [
    {
      key: 'type',
      header: 'Type',
      cell: (notification) => <NotificationTypeIcon type={notification.notification_type} />,
      width: 60,
    },
    {
      key: 'notification',
      header: 'Notification',
      cell: (notification) => (
        <Stack gap={2}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={notification.is_read ? 500 : 700}>
              {notification.title}
            </Text>
            <PriorityBadge priority={notification.priority} />
          </Group>
          <Text size="sm" lineClamp={2}>
            {notification.message}
          </Text>
          <Text size="xs" c="dimmed">
            {labelOf(NOTIFICATION_TYPE_LABELS, notification.notification_type).label}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'user',
      header: 'Utilisateur',
      cell: (notification) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {recipientName(notification)}
          </Text>
          <Text size="xs" c="dimmed">
            {notification.user.email}
          </Text>
        </Stack>
      ),
      noWrap: true,
    },
    {
      key: 'status',
      header: 'Statut',
      cell: (notification) =>
        notification.is_read ? (
          <StatusBadge label="Lue" color="gray" />
        ) : (
          <StatusBadge label="Non lue" color="blue" />
        ),
      noWrap: true,
    },
    {
      key: 'date',
      header: 'Date',
      cell: (notification) => formatNotificationDate(notification.created_at),
      noWrap: true,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (notification) => (
        <Group gap={4} wrap="nowrap">
          {notification.is_read ? null : (
            <Tooltip label="Marquer comme lue">
              <ActionIcon
                variant="subtle"
                color="blue"
                aria-label={`Marquer comme lue : ${notification.title}`}
                loading={busyId === notification.id}
                onClick={() => onMarkRead(notification)}
              >
                <IconCheck size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label="Supprimer">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Supprimer : ${notification.title}`}
              {...focusKey(deleteKey(notification.id))}
              disabled={busyId === notification.id}
              onClick={() => onDelete(notification)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
      noWrap: true,
    },
  ];
}

export function NotificationsTable({
  notifications,
  selection,
  actions,
}: {
  notifications: readonly Notification[];
  selection: DataTableSelection<Notification>;
  actions: RowActions;
}) {
  return (
    <DataTable
      rows={notifications}
      rowKey={(notification) => notification.id}
      columns={columns(actions)}
      selection={selection}
      highlight={(notification) => !notification.is_read}
      label="Notifications"
      minWidth={1000}
    />
  );
}
