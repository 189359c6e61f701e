import { ActionIcon, AppShell, Group, NavLink, ScrollArea, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { findNavigationEntry, NAVIGATION_ENTRIES } from './navigation';

interface SidebarProps {
  /** Icons only, labels in tooltips. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

export function Sidebar({ collapsed, onToggleCollapsed }: SidebarProps) {
  const { pathname } = useLocation();
  const activeEntry = findNavigationEntry(pathname);
  const toggleLabel = collapsed ? 'Déployer le menu' : 'Réduire le menu';
  const ToggleIcon = collapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;

  return (
    <>
      <AppShell.Section p="md">
        <Group justify={collapsed ? 'center' : 'space-between'} wrap="nowrap" gap="xs">
          {collapsed ? null : (
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon size="lg" radius="md" variant="filled" aria-hidden>
                <Text fw={700}>K</Text>
              </ThemeIcon>
              <Text fw={700} size="lg">
                Kwanza Admin
              </Text>
            </Group>
          )}
          <Tooltip label={toggleLabel} position="right" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={toggleLabel}
              onClick={onToggleCollapsed}
            >
              <ToggleIcon size={20} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm" pb="md">
        <nav aria-label="Navigation principale">
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
        </nav>
      </AppShell.Section>
    </>
  );
}
