import type { SessionUser } from '@kwanza/contract';
import { Box, Burger, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useLocation } from 'react-router';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { DEFAULT_HEADER_TITLE, findNavigationEntry } from './navigation';
import { UserBlock } from './user-block';

interface ShellHeaderProps {
  user: SessionUser;
  mobileNavigationOpened: boolean;
  /** Id of the menu the phone's menu button opens and closes. */
  mobileNavigationId: string;
  /** The phone's menu button (the focus comes back to it when the menu closes). */
  menuButtonRef: Ref<HTMLButtonElement>;
  onToggleMobileNavigation: () => void;
  onLogout: () => void;
}

export function ShellHeader({
  user,
  mobileNavigationOpened,
  mobileNavigationId,
  menuButtonRef,
  onToggleMobileNavigation,
  onLogout,
}: ShellHeaderProps) {
  const { pathname } = useLocation();
  const title = findNavigationEntry(pathname)?.label ?? DEFAULT_HEADER_TITLE;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          ref={menuButtonRef}
          opened={mobileNavigationOpened}
          onClick={onToggleMobileNavigation}
          hiddenFrom="sm"
          size="sm"
          aria-label={mobileNavigationOpened ? 'Fermer le menu' : 'Ouvrir le menu'}
          aria-expanded={mobileNavigationOpened}
          aria-controls={mobileNavigationId}
        />
        {/* The entry's label, not a heading: the screen's own title is its level-1 heading. */}
        <Text fz="h3" fw={600} lineClamp={1} data-testid="shell-title">
          {title}
        </Text>
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
