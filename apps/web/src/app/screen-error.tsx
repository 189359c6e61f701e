import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * A screen that crashed while rendering (or whose code failed to load), shown inside the shell: the
 * sidebar and the header stay, so the admin can go to another screen.
 */
export function ScreenError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih={320} p="xl">
      <Stack align="center" gap="sm" maw={520} role="alert">
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
