import { AdminLoginBody } from '@kwanza/contract';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { focusFirstInvalidField } from '../../lib/focus';
import { describeLoginError, useAdminLogin } from './api/admin-login';

interface LoginFormValues {
  email: string;
  password: string;
  remember: boolean;
}

export default function LoginPage() {
  useDocumentTitle('Connexion · Kwanza Admin');
  const login = useAdminLogin();
  const form = useForm<LoginFormValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', remember: false },
    validate: schemaResolver(AdminLoginBody, { sync: true }),
  });

  const submit = form.onSubmit(
    (values) => {
      login.mutate({ email: values.email.trim(), password: values.password });
    },
    (_errors, _values, event) => focusFirstInvalidField(event?.currentTarget),
  );

  return (
    <Center mih="100vh" bg="var(--app-page-background)" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={4} align="center">
            <ThemeIcon size={48} radius="md" aria-hidden>
              <Text fw={700} fz="xl">
                K
              </Text>
            </ThemeIcon>
            <Title order={1} size="h2">
              Kwanza Admin
            </Title>
            <Text c="dimmed" size="sm">
              Connectez-vous à l'espace d'administration
            </Text>
          </Stack>

          {login.isError ? (
            <Alert color="red" variant="light" title="Erreur" icon={<IconAlertCircle />} role="alert">
              {describeLoginError(login.error)}
            </Alert>
          ) : null}

          <form onSubmit={submit}>
            <Stack gap="md">
              <TextInput
                type="email"
                label="Adresse e-mail"
                placeholder="admin@exemple.com"
                autoComplete="email"
                required
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="Mot de passe"
                placeholder="Votre mot de passe"
                autoComplete="current-password"
                required
                visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer le mot de passe' }}
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              <Group justify="space-between">
                <Checkbox
                  label="Se souvenir de moi"
                  key={form.key('remember')}
                  {...form.getInputProps('remember', { type: 'checkbox' })}
                />
                <Anchor href="#" size="sm" onClick={(event) => event.preventDefault()}>
                  Mot de passe oublié?
                </Anchor>
              </Group>
              <Button
                type="submit"
                fullWidth
                disabled={login.isPending}
                leftSection={login.isPending ? <Loader size={16} color="white" /> : null}
              >
                {login.isPending ? 'Chargement...' : 'Se connecter'}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Center>
  );
}
