import type { User } from '@kwanza/contract';
import { ActionIcon, Avatar, Badge, Box, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
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
        <Tooltip label={user.is_verified ? 'Retirer la vérification' : 'Marquer comme vérifié'}>
          <ActionIcon
            variant="subtle"
            color={user.is_verified ? 'green' : 'gray'}
            aria-label={
              user.is_verified
                ? `Vérifié : retirer la vérification de ${user.username}`
                : `Non vérifié : marquer ${user.username} comme vérifié`
            }
            aria-pressed={user.is_verified}
            loading={busy(user)}
            onClick={() => actions.onToggleVerified(user)}
          >
            {user.is_verified ? <IconCircleCheck size={20} /> : <IconCircleX size={20} />}
          </ActionIcon>
        </Tooltip>
      ),
    },
    {
      key: 'status',
      header: 'Statut',
      cell: (user) => (
        <UnstyledButton
          aria-label={
            user.is_active ? `Actif : désactiver ${user.username}` : `Inactif : activer ${user.username}`
          }
          disabled={busy(user)}
          onClick={() => actions.onToggleStatus(user)}
        >
          <Badge
            color={user.is_active ? 'green' : 'gray'}
            variant="light"
            radius="sm"
            tt="none"
            style={{ cursor: 'pointer', minWidth: 'max-content' }}
          >
            {user.is_active ? 'Actif' : 'Inactif'}
          </Badge>
        </UnstyledButton>
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
