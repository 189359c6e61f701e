import { Group, Paper, SimpleGrid, type SimpleGridProps, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../lib/format';

export interface StatItem {
  label: string;
  /** undefined while loading or when the load failed: shown '—', never 0. */
  value: number | string | undefined;
  color?: string;
  /** A line under the value ('+3 ce mois'). */
  hint?: ReactNode;
  icon?: ReactNode;
}

interface StatGridProps {
  items: readonly StatItem[];
  cols?: SimpleGridProps['cols'];
}

/** A row of counters, each a group named by its label (so tests and screen readers find it). */
export function StatGrid({ items, cols = { base: 2, md: items.length } }: StatGridProps) {
  return (
    <SimpleGrid cols={cols} mb="lg">
      {items.map((item) => (
        <Paper key={item.label} withBorder p="md" radius="md" role="group" aria-label={item.label}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" c="dimmed">
                {item.label}
              </Text>
              <Text fw={700} fz="xl" c={item.icon ? undefined : item.color}>
                {item.value === undefined
                  ? '—'
                  : typeof item.value === 'number'
                    ? formatNumber(item.value)
                    : item.value}
              </Text>
            </div>
            {item.icon ? (
              <ThemeIcon color={item.color} variant="light" size="lg" radius="md" aria-hidden>
                {item.icon}
              </ThemeIcon>
            ) : null}
          </Group>
          {item.hint ? (
            <Text size="xs" c="dimmed" mt="sm">
              {item.hint}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
