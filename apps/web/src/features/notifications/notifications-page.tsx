import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function NotificationsPage() {
  return (
    <>
      <PageHeader title="Gestion des Notifications" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
