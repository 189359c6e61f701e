import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function ProjectDetailPage() {
  return (
    <>
      <PageHeader title="Détail du projet" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
