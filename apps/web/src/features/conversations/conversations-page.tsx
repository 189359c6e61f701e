import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function ConversationsPage() {
  return (
    <>
      <PageHeader title="Gestion des Conversations" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
