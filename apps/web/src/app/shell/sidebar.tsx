import {
  ActionIcon,
  AppShell,
  CloseButton,
  Group,
  NavLink,
  ScrollArea,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { findNavigationEntry, NAVIGATION_ENTRIES } from './navigation';

interface SidebarProps {
  /** Icons only, labels in tooltips (shown on hover and on keyboard focus, see theme.ts). */
  collapsed: boolean;
  /** The brand row lines up with the header. */
  headerHeight: number;
  onToggleCollapsed: () => void;
  /** Closes the sidebar drawer on small screens. */
  onCloseMobile: () => void;
}

export function Sidebar({ collapsed, headerHeight, onToggleCollapsed, onCloseMobile }: SidebarProps) {
  const { pathname } = useLocation();
  const activeEntry = findNavigationEntry(pathname);
  const toggleLabel = collapsed ? 'Déployer le menu' : 'Réduire le menu';
  const ToggleIcon = collapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;

  return (
    <>
      <AppShell.Section
        h={headerHeight}
        px="md"
        mb="sm"
        style={{ borderBottom: '1px solid var(--app-shell-border-color)' }}
      >
        <Group h="100%" justify={collapsed ? 'center' : 'space-between'} wrap="nowrap" gap="xs">
          {/* The 'K' mark stays when the menu is reduced to icons; the name only when there is room. */}
          <Group
            gap="xs"
            wrap="nowrap"
            role={collapsed ? 'img' : undefined}
            aria-label={collapsed ? 'Kwanza Admin' : undefined}
          >
            <ThemeIcon size="lg" radius="md" variant="filled" aria-hidden>
              <Text fw={700}>K</Text>
            </ThemeIcon>
            {collapsed ? null : (
              <Text fw={700} size="md" style={{ whiteSpace: 'nowrap' }}>
                Kwanza Admin
              </Text>
            )}
          </Group>
          <Tooltip label={toggleLabel} position="right" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={toggleLabel}
              onClick={onToggleCollapsed}
              visibleFrom="sm"
            >
              <ToggleIcon size={20} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
          <CloseButton hiddenFrom="sm" aria-label="Fermer le menu" onClick={onCloseMobile} />
        </Group>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm" pb="md">
        {/* Inside the shell's navigation landmark (AppShell.Navbar): a list of entries, no second <nav>. */}
        <div>
          {NAVIGATION_ENTRIES.map((entry) => {
            const active = entry === activeEntry;
            return (
              <Tooltip key={entry.path} label={entry.label} position="right" withArrow disabled={!collapsed}>
                <NavLink
                  component={Link}
                  to={entry.path}
                  label={collapsed ? null : entry.label}
                  aria-label={collapsed ? entry.label : undefined}
                  aria-current={active ? 'page' : undefined}
                  leftSection={<entry.icon size={20} stroke={1.6} />}
                  active={active}
                  variant="light"
                  mb={4}
                  styles={
                    collapsed
                      ? {
                          root: { justifyContent: 'center' },
                          section: { marginInlineEnd: 0 },
                          body: { display: 'none' },
                        }
                      : undefined
                  }
                />
              </Tooltip>
            );
          })}
        </div>
      </AppShell.Section>
    </>
  );
}
