import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function UsersPage() {
  return (
    <>
      <PageHeader title="Gestion des utilisateurs" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
