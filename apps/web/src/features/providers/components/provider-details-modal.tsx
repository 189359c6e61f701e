import type { Provider } from '@kwanza/contract';
import { Avatar, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dialog } from '../../../components/dialog';
import { Field } from '../../../components/field';
import { formatDate, formatRating } from '../../../lib/format';
import { formatServiceCount, providerInitial, providerName } from './provider-text';

export function ProviderDetailsModal({
  provider,
  onClose,
}: {
  provider: Provider | null;
  onClose: () => void;
}) {
  const location = provider ? [provider.city, provider.address].filter(Boolean).join(', ') : '';
  return (
    <Dialog opened={provider !== null} onClose={onClose} title="Détails du prestataire" size="lg" centered>
      {provider ? (
        <Stack gap="md">
          <Group gap="md">
            <Avatar src={provider.profile_picture} radius="xl" size="xl" alt="">
              {providerInitial(provider)}
            </Avatar>
            <Stack gap={2}>
              <Text fw={600} fz="lg">
                {providerName(provider)}
              </Text>
              {provider.company_name ? <Text c="dimmed">{provider.company_name}</Text> : null}
              <Badge color={provider.is_verified ? 'green' : 'yellow'} variant="light" tt="none">
                {provider.is_verified ? 'Vérifié' : 'En attente'}
              </Badge>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label="Email">{provider.email}</Field>
            <Field label="Téléphone">{provider.phone_number || '—'}</Field>
            <Field label="Localisation">{location || '—'}</Field>
            <Field label="Membre depuis">{formatDate(provider.created_at)}</Field>
            <Field label="Note moyenne">{formatRating(provider.average_rating)}</Field>
            <Field label="Nombre d'avis">{provider.total_reviews}</Field>
            <Field label="Services proposés">{formatServiceCount(provider.services_count)}</Field>
            <Field label="Projets terminés">{provider.completed_projects}</Field>
          </SimpleGrid>
          <Field label="À propos">{provider.bio || provider.description || '—'}</Field>
          <Field label="Compétences">
            {provider.skills.length > 0 ? (
              <Group gap={6} mt={4}>
                {provider.skills.map((skill) => (
                  <Badge key={skill} variant="outline" tt="none">
                    {skill}
                  </Badge>
                ))}
              </Group>
            ) : (
              '—'
            )}
          </Field>
        </Stack>
      ) : null}
    </Dialog>
  );
}
