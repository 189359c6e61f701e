import { Card, Group, SimpleGrid, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/format';
import type { HeadlineCounts } from '../api/get-project-stats';

interface ProjectHeadlineProps {
  counts: HeadlineCounts | undefined;
}

const ITEMS: { key: keyof HeadlineCounts; label: string }[] = [
  { key: 'total', label: 'Total des projets' },
  { key: 'open', label: 'Projets ouverts' },
  { key: 'in_progress', label: 'Projets en cours' },
  { key: 'completed', label: 'Projets terminés' },
];

/** The four headline counts of the projects screen. */
export function ProjectHeadline({ counts }: ProjectHeadlineProps) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} mb="lg">
      {ITEMS.map((item) => (
        <Card key={item.key} withBorder padding="md" radius="md" component="section" aria-label={item.label}>
          <Group justify="space-between" align="flex-end">
            <Text size="sm" c="dimmed">
              {item.label}
            </Text>
          </Group>
          <Text fw={700} size="xl" mt={4}>
            {counts ? formatNumber(counts[item.key]) : '—'}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
