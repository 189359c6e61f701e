import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function DashboardPage() {
  return (
    <>
      <PageHeader title="Tableau de bord" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
