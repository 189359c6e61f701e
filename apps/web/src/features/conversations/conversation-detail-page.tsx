import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function ConversationDetailPage() {
  return (
    <>
      <PageHeader title="Conversation" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
