import type { Offer } from '@kwanza/contract';
import { Avatar, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { PendingState } from '../../../components/query-state';
import { formatAoa, formatDate, formatRating } from '../../../lib/format';
import { OfferStatusBadge } from './project-status-badge';

const DEFAULT_PROVIDER_NAME = 'Prestataire';

/** Two initials of a name ('Paulo Mendes' → 'PM'). */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join('') || 'P';
}

/** delivery_time in days, else estimated_duration, else 'Non spécifié'. */
export function describeDelivery(offer: Pick<Offer, 'delivery_time' | 'estimated_duration'>): string {
  if (offer.delivery_time !== null && offer.delivery_time !== undefined) {
    return `${offer.delivery_time} jour${offer.delivery_time > 1 ? 's' : ''}`;
  }
  return offer.estimated_duration?.trim() || 'Non spécifié';
}

function OfferCard({ offer }: { offer: Offer }) {
  const name = offer.provider_name?.trim() || DEFAULT_PROVIDER_NAME;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Offre de ${name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Avatar color="blue" radius="xl">
            {initialsOf(name)}
          </Avatar>
          <Stack gap={2}>
            <Text fw={600}>{name}</Text>
            <Text size="xs" c="dimmed">
              {formatDate(offer.created_at)}
            </Text>
          </Stack>
        </Group>
        <OfferStatusBadge value={offer.status} />
      </Group>
      <Group mt="md" gap="xl" wrap="wrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Prix proposé
          </Text>
          <Text fw={600}>{formatAoa(offer.proposed_price)}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Délai de livraison
          </Text>
          <Text>{describeDelivery(offer)}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Note du prestataire
          </Text>
          <Text>{formatRating(offer.provider_rating)}</Text>
        </Stack>
      </Group>
      {offer.message ? (
        <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
          {offer.message}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="sm">
        <Button variant="light" size="xs">
          Voir détails
        </Button>
      </Group>
    </Card>
  );
}

/** The offers tab: loading ('nouvel essai…' while a failed load is retried), error, empty or the offers. */
export function ProjectOffers({ query }: { query: UseQueryResult<Offer[]> }) {
  if (query.isError) return <ErrorAlert message="Impossible de charger les offres du projet." />;
  const offers = query.data;
  if (!offers) return <PendingState query={query} />;
  if (offers.length === 0) {
    return (
      <EmptyState
        title="Aucune offre"
        description="Ce projet n'a pas encore reçu d'offres de prestataires."
      />
    );
  }
  return (
    <Stack gap="md">
      {offers.map((offer) => (
        <OfferCard key={offer.id} offer={offer} />
      ))}
    </Stack>
  );
}
