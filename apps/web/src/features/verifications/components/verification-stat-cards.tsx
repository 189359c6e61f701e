import { Card, SimpleGrid, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/format';

export interface VerificationCounts {
  total: number;
  pending: number;
  verified: number;
  rejected: number;
  urgent: number;
}

const CARDS: { key: keyof VerificationCounts; label: string; color: string }[] = [
  { key: 'total', label: 'Total', color: 'blue' },
  { key: 'pending', label: 'En attente', color: 'yellow' },
  { key: 'verified', label: 'Vérifiés', color: 'green' },
  { key: 'rejected', label: 'Rejetés', color: 'red' },
  { key: 'urgent', label: 'Urgents', color: 'orange' },
];

/** The five stat cards (Total, En attente, Vérifiés, Rejetés, Urgents); dashes while loading. */
export function VerificationStatCards({ counts }: { counts: VerificationCounts | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} mb="lg">
      {CARDS.map((card) => (
        <Card key={card.key} withBorder padding="md" radius="md" aria-label={card.label}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} fz="xl" c={card.color}>
            {counts ? formatNumber(counts[card.key]) : '—'}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
