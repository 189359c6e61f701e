import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function ClientVerificationPage() {
  return (
    <>
      <PageHeader title="Vérifications Clients" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
