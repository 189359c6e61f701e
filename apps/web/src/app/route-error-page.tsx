import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** Shown when a screen fails to load (lost connection, new deployment) or crashes while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm" maw={520}>
        <Title order={1} size="h2">
          Une erreur est survenue
        </Title>
        <Text c="dimmed" ta="center">
          L'écran n'a pas pu être affiché. Rechargez la page ou réessayez plus tard.
        </Text>
        <Button onClick={() => window.location.reload()}>Recharger la page</Button>
      </Stack>
    </Center>
  );
}
