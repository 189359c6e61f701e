import type { SessionUser } from '@kwanza/contract';
import { Box, Burger, Button, Group, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { DEFAULT_HEADER_TITLE, findNavigationEntry } from './navigation';
import { UserBlock } from './user-block';

interface ShellHeaderProps {
  user: SessionUser;
  mobileNavigationOpened: boolean;
  onToggleMobileNavigation: () => void;
  onLogout: () => void;
}

export function ShellHeader({
  user,
  mobileNavigationOpened,
  onToggleMobileNavigation,
  onLogout,
}: ShellHeaderProps) {
  const { pathname } = useLocation();
  const title = findNavigationEntry(pathname)?.label ?? DEFAULT_HEADER_TITLE;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={mobileNavigationOpened}
          onClick={onToggleMobileNavigation}
          hiddenFrom="sm"
          size="sm"
          aria-label="Ouvrir le menu"
        />
        <Title order={1} size="h3" fw={600} lineClamp={1}>
          {title}
        </Title>
      </Group>
      <Group gap="md" wrap="nowrap">
        <NotificationBell />
        <UserBlock user={user} />
        <Button
          variant="subtle"
          color="gray"
          aria-label="Déconnexion"
          leftSection={<IconLogout size={18} />}
          onClick={onLogout}
          styles={{ section: { marginInlineEnd: 0 } }}
        >
          <Box component="span" visibleFrom="sm" ml={8}>
            Déconnexion
          </Box>
        </Button>
      </Group>
    </Group>
  );
}
