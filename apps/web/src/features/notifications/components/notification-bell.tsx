import type { Notification } from '@kwanza/contract';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-errors';
import { formatRelativeTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useMarkAllMyNotificationsRead, useMarkNotificationRead } from '../api/notification-actions';
import { useNotificationFeed } from '../api/notification-feed';
import { notificationTarget } from '../notification-target';
import { NotificationTypeIcon } from './notification-type-icon';

/** The badge's text: the count, '9+' above 9. */
export function unreadBadge(count: number): string {
  return count > 9 ? '9+' : String(count);
}

function FeedItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = !notification.is_read;
  return (
    <UnstyledButton
      onClick={onOpen}
      w="100%"
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: unread ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <NotificationTypeIcon type={notification.notification_type} size={30} />
        <Box miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={unread ? 700 : 500} lineClamp={1}>
              {notification.title}
            </Text>
            {unread ? (
              <>
                <Box
                  w={8}
                  h={8}
                  bg="var(--mantine-color-blue-filled)"
                  style={{ borderRadius: '50%', flexShrink: 0 }}
                  aria-hidden
                />
                <VisuallyHidden>(non lue)</VisuallyHidden>
              </>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {notification.message}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {formatRelativeTime(notification.created_at)}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The header bell: the signed-in admin's 10 latest notifications, refreshed every 30 seconds and when
 * the window regains focus, with the unread count ('9+' above 9). A click marks the notification read
 * and opens what it is about.
 */
export function NotificationBell() {
  const feed = useNotificationFeed();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllMyNotificationsRead();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const unread = feed.data?.unread_count ?? 0;
  const items = feed.data?.results ?? [];

  const open = (notification: Notification) => {
    setOpened(false);
    if (!notification.is_read) {
      markRead.mutate(notification.id, {
        onError: (error) =>
          notifyError(errorMessage(error, 'Impossible de marquer la notification comme lue.')),
      });
    }
    navigate(notificationTarget(notification));
  };

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onError: (error) =>
        notifyError(errorMessage(error, 'Impossible de marquer les notifications comme lues.')),
    });

  return (
    <Indicator label={unreadBadge(unread)} disabled={unread === 0} size={18} offset={4} color="red" inline>
      <Popover
        opened={opened}
        onChange={setOpened}
        width={360}
        position="bottom-end"
        shadow="md"
        trapFocus
        returnFocus
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? `Notifications : ${unread} non lue(s)` : 'Notifications'}
            onClick={() => setOpened((current) => !current)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} role="dialog" aria-labelledby={titleId}>
          <Group justify="space-between" px="sm" py="xs">
            <Text fw={600} id={titleId}>
              Notifications
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={markAllRead}
              disabled={unread === 0}
              loading={markAll.isPending}
            >
              Tout marquer comme lu
            </Button>
          </Group>
          <Divider />
          <ScrollArea.Autosize mah={420} type="auto">
            {feed.isPending ? (
              <Group justify="center" p="md">
                <Loader size="sm" aria-label="Chargement des notifications" />
              </Group>
            ) : feed.isError && items.length === 0 ? (
              <Text size="sm" c="red.8" p="md" role="alert">
                Impossible de charger les notifications.
              </Text>
            ) : items.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" p="md">
                Aucune notification
              </Text>
            ) : (
              <Stack gap={2} p={4}>
                {items.map((notification) => (
                  <FeedItem
                    key={notification.id}
                    notification={notification}
                    onOpen={() => open(notification)}
                  />
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
          <Divider />
          <Group justify="center" p="xs">
            <Anchor component={Link} to="/notifications" size="sm" onClick={() => setOpened(false)}>
              Voir toutes les notifications
            </Anchor>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
