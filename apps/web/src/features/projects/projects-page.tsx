import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function ProjectsPage() {
  return (
    <>
      <PageHeader title="Gestion des Projets" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
