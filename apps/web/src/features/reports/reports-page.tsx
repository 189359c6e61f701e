import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function ReportsPage() {
  return (
    <>
      <PageHeader title="Gestion des signalements" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
