import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function DisputesPage() {
  return (
    <>
      <PageHeader title="Gestion des litiges" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
