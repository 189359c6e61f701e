import type { SessionUser } from '@kwanza/contract';
import { Avatar, Group, Stack, Text } from '@mantine/core';

function initialsOf(user: SessionUser): string {
  const fromNames = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.trim();
  return (fromNames || user.username.slice(0, 2)).toUpperCase();
}

/** The logged-in administrator: username and the label 'Administrateur'. */
export function UserBlock({ user }: { user: SessionUser }) {
  return (
    <Group gap="sm" wrap="nowrap" data-testid="user-block">
      <Avatar color="indigo" radius="xl" aria-hidden>
        {initialsOf(user)}
      </Avatar>
      <Stack gap={0} visibleFrom="xs">
        <Text size="sm" fw={600} lh={1.3}>
          {user.username}
        </Text>
        <Text size="xs" c="dimmed" lh={1.3}>
          Administrateur
        </Text>
      </Stack>
    </Group>
  );
}
