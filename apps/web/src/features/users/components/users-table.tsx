import type { User } from '@kwanza/contract';
import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
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

/** The e-mail may wrap after the '@' only, so the table fits without cutting words. */
function EmailWithBreak({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function UserRow({ user, actions }: { user: User; actions: UserRowActions }) {
  const busy = actions.busyUserId === user.id;
  const verifiedLabel = user.is_verified
    ? `Vérifié : retirer la vérification de ${user.username}`
    : `Non vérifié : marquer ${user.username} comme vérifié`;
  const statusLabel = user.is_active
    ? `Actif : désactiver ${user.username}`
    : `Inactif : activer ${user.username}`;
  return (
    <Table.Tr>
      <Table.Td>
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
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          <EmailWithBreak email={user.email} />
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{user.phone_number || '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Box miw="max-content">
          <RoleBadge role={user.role} />
        </Box>
      </Table.Td>
      <Table.Td>
        <Box miw="max-content">
          <UserVerificationBadge user={user} />
        </Box>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(user.date_joined)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={user.is_verified ? 'Retirer la vérification' : 'Marquer comme vérifié'}>
          <ActionIcon
            variant="subtle"
            color={user.is_verified ? 'green' : 'gray'}
            aria-label={verifiedLabel}
            aria-pressed={user.is_verified}
            loading={busy}
            onClick={() => actions.onToggleVerified(user)}
          >
            {user.is_verified ? <IconCircleCheck size={20} /> : <IconCircleX size={20} />}
          </ActionIcon>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <UnstyledButton aria-label={statusLabel} disabled={busy} onClick={() => actions.onToggleStatus(user)}>
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
      </Table.Td>
      <Table.Td>
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
            disabled={busy}
            onClick={() => actions.onDelete(user)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function UsersTable({ users, actions }: { users: User[]; actions: UserRowActions }) {
  return (
    <Table.ScrollContainer minWidth={1050}>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" aria-label="Utilisateurs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Utilisateur</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Téléphone</Table.Th>
            <Table.Th>Rôle</Table.Th>
            <Table.Th>Vérification</Table.Th>
            <Table.Th>Date d'inscription</Table.Th>
            <Table.Th>Vérifié</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} actions={actions} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
