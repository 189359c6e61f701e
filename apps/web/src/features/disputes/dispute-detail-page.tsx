import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function DisputeDetailPage() {
  return (
    <>
      <PageHeader title="Détail du litige" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
