import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

export default function CategoriesPage() {
  return (
    <>
      <PageHeader title="Gestion des catégories" />
      <Text c="dimmed">Cet écran arrive bientôt.</Text>
    </>
  );
}
