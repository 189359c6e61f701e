import type { UserStats as UserStatsValues } from '@kwanza/contract';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/format';

const COUNTERS: { key: keyof UserStatsValues; label: string; color: string }[] = [
  { key: 'pending', label: 'En attente', color: 'yellow' },
  { key: 'verified', label: 'Vérifiés', color: 'green' },
  { key: 'rejected', label: 'Rejetés', color: 'red' },
  { key: 'phone_verified', label: 'Tél. vérifiés', color: 'blue' },
];

/** The four counters, as computed by the server over the whole filtered list. */
export function UserStats({ stats }: { stats: UserStatsValues | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} mb="lg">
      {COUNTERS.map((counter) => (
        <Paper key={counter.key} withBorder p="md" radius="md" role="group" aria-label={counter.label}>
          <Text size="sm" c="dimmed">
            {counter.label}
          </Text>
          <Text fw={700} fz="xl" c={counter.color}>
            {stats ? formatNumber(stats[counter.key]) : '—'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
