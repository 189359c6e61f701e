import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../lib/format';

interface StatCardProps {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  color: string;
  /** The monthly change line, e.g. '+3 ce mois'. */
  change?: string | undefined;
}

export function StatCard({ label, value, icon, color, change }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fw={700} size="xl" mt={4}>
            {value === undefined ? '—' : formatNumber(value)}
          </Text>
        </div>
        <ThemeIcon color={color} variant="light" size="lg" radius="md">
          {icon}
        </ThemeIcon>
      </Group>
      {change ? (
        <Text size="xs" c="dimmed" mt="sm">
          {change}
        </Text>
      ) : null}
    </Card>
  );
}

/** '+3', '-2', '0' */
export function signed(value: number): string {
  return value > 0 ? `+${formatNumber(value)}` : formatNumber(value);
}
