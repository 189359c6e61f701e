import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function UserVerificationPage() {
  return (
    <>
      <PageHeader title="Gestion des Vérifications" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
