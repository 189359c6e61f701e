import { Center, Group, Loader, Text } from '@mantine/core';

interface LoadingStateProps {
  /** Default 'Chargement...'. */
  label?: string;
  /** Centre in the whole viewport instead of the available space. */
  fullScreen?: boolean;
}

/** A centred spinner with 'Chargement...'. */
export function LoadingState({ label = 'Chargement...', fullScreen = false }: LoadingStateProps) {
  return (
    <Center mih={fullScreen ? '100vh' : 200} role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}
