import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

export default function NotFoundPage() {
  useDocumentTitle('Page non trouvée · Kwanza Admin');
  return (
    <Stack align="center" gap="md" py={80}>
      <Text fz={64} fw={700} c="dimmed" lh={1}>
        404
      </Text>
      <Title order={1} size="h2">
        Page non trouvée
      </Title>
      <Text c="dimmed">La page que vous cherchez n'existe pas ou a été déplacée.</Text>
      <Button component={Link} to="/dashboard" leftSection={<IconArrowLeft size={16} />}>
        Retour au tableau de bord
      </Button>
    </Stack>
  );
}
