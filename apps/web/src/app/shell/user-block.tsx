import type { SessionUser } from '@kwanza/contract';
import { Avatar, Group, Stack, Text } from '@mantine/core';

function initialsOf(user: SessionUser): string {
  const fromNames = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.trim();
  return (fromNames || user.username.slice(0, 2)).toUpperCase();
}

/** First and last name, or the username when the profile has neither. */
export function displayNameOf(user: SessionUser): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

/**
 * The logged-in administrator: their name (updated as soon as they change it in the settings; the
 * username when the profile has no name) and the label 'Administrateur'.
 */
export function UserBlock({ user }: { user: SessionUser }) {
  return (
    <Group gap="sm" wrap="nowrap" data-testid="user-block">
      <Avatar color="indigo" radius="xl" aria-hidden>
        {initialsOf(user)}
      </Avatar>
      <Stack gap={0} visibleFrom="xs">
        <Text size="sm" fw={600} lh={1.3} title={user.username}>
          {displayNameOf(user)}
        </Text>
        <Text size="xs" c="dimmed" lh={1.3}>
          Administrateur
        </Text>
      </Stack>
    </Group>
  );
}
