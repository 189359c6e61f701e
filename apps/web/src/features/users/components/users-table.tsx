import type { User } from '@kwanza/contract';
import { ActionIcon, Avatar, Box, Group, Loader, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { focusKey } from '../../../lib/focus';
import { formatDate } from '../../../lib/format';
import { RoleBadge, UserVerificationBadge } from './user-badges';

export interface UserRowActions {
  onToggleVerified: (user: User) => void;
  onToggleStatus: (user: User) => void;
  onViewVerification: (user: User) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** Id of the user whose row has an action in flight. */
  busyUserId: number | null;
}

/** The focus key of a row's delete button (the focus goes to a neighbour's after a deletion). */
export const deleteUserKey = (id: number) => `user-delete-${id}`;

export function displayName(user: User): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

function initials(user: User): string {
  const letters = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.trim();
  return (letters || user.username.charAt(0)).toUpperCase();
}

/** The columns of the users table; the row actions come from the page. */
function userColumns(actions: UserRowActions): DataTableColumn<User>[] {
  const busy = (user: User) => actions.busyUserId === user.id;
  return [
    {
      key: 'user',
      header: 'Utilisateur',
      cell: (user) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={user.profile_picture} radius="xl" size="sm" alt="">
            {initials(user)}
          </Avatar>
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {displayName(user)}
            </Text>
            <Text size="xs" c="dimmed">
              @{user.username}
            </Text>
          </Stack>
        </Group>
      ),
    },
    // E-mails and phones stay on one line: the table scrolls sideways instead (issue 18).
    { key: 'email', header: 'Email', noWrap: true, cell: (user) => <Text size="sm">{user.email}</Text> },
    {
      key: 'phone',
      header: 'Téléphone',
      noWrap: true,
      cell: (user) => <Text size="sm">{user.phone_number || '—'}</Text>,
    },
    {
      key: 'role',
      header: 'Rôle',
      cell: (user) => (
        <Box miw="max-content">
          <RoleBadge value={user.role} />
        </Box>
      ),
    },
    {
      key: 'verification',
      header: 'Vérification',
      cell: (user) => (
        <Box miw="max-content">
          <UserVerificationBadge user={user} />
        </Box>
      ),
    },
    {
      key: 'joined',
      header: "Date d'inscription",
      noWrap: true,
      cell: (user) => <Text size="sm">{formatDate(user.date_joined)}</Text>,
    },
    {
      key: 'verified',
      header: 'Vérifié',
      cell: (user) => (
        // A toggle: its name stays, aria-pressed says the state; never disabled, so it keeps the focus.
        <Tooltip label={user.is_verified ? 'Retirer la vérification' : 'Marquer comme vérifié'}>
          <ActionIcon
            variant="subtle"
            color={user.is_verified ? 'green' : 'gray'}
            aria-label={`Vérifié : ${user.username}`}
            aria-pressed={user.is_verified}
            aria-busy={busy(user) || undefined}
            {...focusKey(`user-verified-${user.id}`)}
            onClick={() => actions.onToggleVerified(user)}
          >
            {busy(user) ? (
              <Loader size={16} />
            ) : user.is_verified ? (
              <IconCircleCheck size={20} />
            ) : (
              <IconCircleX size={20} />
            )}
          </ActionIcon>
        </Tooltip>
      ),
    },
    {
      key: 'status',
      header: 'Statut',
      noWrap: true,
      cell: (user) => (
        // A switch named 'Actif : <username>' (checked when active), beside the Actif / Inactif badge.
        <Group gap="xs" wrap="nowrap">
          <Switch
            size="sm"
            checked={user.is_active}
            aria-label={`Actif : ${user.username}`}
            aria-busy={busy(user) || undefined}
            {...focusKey(`user-status-${user.id}`)}
            onChange={() => actions.onToggleStatus(user)}
          />
          <StatusBadge
            label={user.is_active ? 'Actif' : 'Inactif'}
            color={user.is_active ? 'green' : 'gray'}
          />
        </Group>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (user) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Voir la vérification de ${user.username}`}
            onClick={() => actions.onViewVerification(user)}
          >
            <IconEye size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Modifier ${user.username}`}
            onClick={() => actions.onEdit(user)}
          >
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Supprimer ${user.username}`}
            {...focusKey(deleteUserKey(user.id))}
            disabled={busy(user)}
            onClick={() => actions.onDelete(user)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ),
    },
  ];
}

export function UsersTable({ users, actions }: { users: User[]; actions: UserRowActions }) {
  return (
    <DataTable
      rows={users}
      rowKey={(user) => user.id}
      columns={userColumns(actions)}
      minWidth={1050}
      label="Utilisateurs"
      horizontalSpacing="xs"
    />
  );
}
