import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Paramètres" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
