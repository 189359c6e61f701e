import type { Provider } from '@kwanza/contract';
import { Avatar, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBriefcase, IconMapPin, IconStarFilled } from '@tabler/icons-react';
import { formatRating } from '../../../lib/format';
import { formatServiceCount, providerInitial, providerName } from './provider-text';

interface ProviderCardProps {
  provider: Provider;
  onShowDetails: (provider: Provider) => void;
  onToggleVerified: (provider: Provider) => void;
  pending: boolean;
}

export function ProviderCard({ provider, onShowDetails, onToggleVerified, pending }: ProviderCardProps) {
  const name = providerName(provider);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={provider.profile_picture} radius="xl" size="lg" alt="">
              {providerInitial(provider)}
            </Avatar>
            <Stack gap={0}>
              <Text fw={600}>{name}</Text>
              {provider.company_name ? (
                <Text size="sm" c="dimmed">
                  {provider.company_name}
                </Text>
              ) : null}
            </Stack>
          </Group>
          <Badge
            color={provider.is_verified ? 'green' : 'yellow'}
            variant="light"
            tt="none"
            style={{ flexShrink: 0, minWidth: 'max-content' }}
          >
            {provider.is_verified ? 'Vérifié' : 'En attente'}
          </Badge>
        </Group>
        <Group gap="xs">
          <IconStarFilled size={16} color="var(--mantine-color-yellow-6)" aria-hidden />
          <Text size="sm">
            {formatRating(provider.average_rating)} ({provider.total_reviews} avis)
          </Text>
        </Group>
        <Group gap="xs">
          <IconBriefcase size={16} aria-hidden />
          <Text size="sm">{formatServiceCount(provider.services_count)}</Text>
        </Group>
        <Group gap="xs">
          <IconMapPin size={16} aria-hidden />
          <Text size="sm">{provider.city || 'Ville non renseignée'}</Text>
        </Group>
        <Group grow mt="auto">
          <Button
            variant="default"
            aria-label={`Voir détails de ${name}`}
            onClick={() => onShowDetails(provider)}
          >
            Voir détails
          </Button>
          {/*
           * An action button (its label says what it does next), so no aria-pressed: the state is the
           * badge above. Never disabled while saving, so it keeps the focus; the result is announced.
           */}
          <Button
            color={provider.is_verified ? 'red' : 'green'}
            variant={provider.is_verified ? 'light' : 'filled'}
            aria-label={provider.is_verified ? `Retirer la vérification de ${name}` : `Vérifier ${name}`}
            aria-busy={pending || undefined}
            leftSection={pending ? <Loader size={14} color="currentColor" /> : undefined}
            onClick={() => {
              if (!pending) onToggleVerified(provider);
            }}
          >
            {provider.is_verified ? 'Retirer' : 'Vérifier'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
