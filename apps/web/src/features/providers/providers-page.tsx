import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function ProvidersPage() {
  return (
    <>
      <PageHeader title="Gestion des prestataires" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
