import { UpdateUserBody, type User } from '@kwanza/contract';
import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Dialog } from '../../../components/dialog';
import { ObjectHistory } from '../../../components/object-history';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { focusFirstInvalidField } from '../../../lib/focus';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateUser } from '../api/update-user';

interface EditUserValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
}

function valuesOf(user: User | null): EditUserValues {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone_number: user?.phone_number ?? '',
  };
}

interface EditUserModalProps {
  user: User | null;
  onClose: () => void;
}

/** Edits first name, last name, e-mail and phone; server field errors show under the fields, input is kept. */
export function EditUserModal({ user, onClose }: EditUserModalProps) {
  const update = useUpdateUser();
  const form = useForm<EditUserValues>({
    mode: 'controlled',
    initialValues: valuesOf(user),
    validate: schemaResolver(UpdateUserBody, { sync: true }),
  });
  const { setValues, resetDirty, clearErrors } = form;
  const resetMutation = update.reset;

  // A new user opens the form with that user's values.
  useEffect(() => {
    if (!user) return;
    const values = valuesOf(user);
    setValues(values);
    resetDirty(values);
    clearErrors();
    resetMutation();
  }, [user, setValues, resetDirty, clearErrors, resetMutation]);

  const submit = form.onSubmit(
    (values, event) => {
      // Server field errors: the first invalid field takes the focus, as for the checks in the browser.
      const formElement = event?.currentTarget;
      if (!user) return;
      update.mutate(
        {
          id: user.id,
          changes: {
            first_name: values.first_name.trim(),
            last_name: values.last_name.trim(),
            email: values.email.trim(),
            phone_number: values.phone_number.trim(),
          },
        },
        {
          onSuccess: () => {
            notifySuccess('Utilisateur mis à jour avec succès');
            onClose();
          },
          onError: (error) => {
            form.setErrors(fieldErrorsOf(error));
            focusFirstInvalidField(formElement);
          },
        },
      );
    },
    (_errors, _values, event) => focusFirstInvalidField(event?.currentTarget),
  );

  const errorFields = fieldErrorsOf(update.error);
  const generalError =
    update.isError && Object.keys(errorFields).length === 0
      ? errorMessage(update.error, "Erreur lors de la modification de l'utilisateur")
      : null;

  return (
    <Dialog opened={user !== null} onClose={onClose} title="Modifier l'utilisateur" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {generalError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {generalError}
            </Alert>
          ) : null}
          <TextInput label="Prénom" autoComplete="off" data-autofocus {...form.getInputProps('first_name')} />
          <TextInput label="Nom" autoComplete="off" {...form.getInputProps('last_name')} />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Téléphone"
            type="tel"
            autoComplete="off"
            {...form.getInputProps('phone_number')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={update.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
      {user ? (
        <Paper withBorder radius="md" p="md" mt="lg">
          <ObjectHistory type="user" id={user.id} order={3} />
        </Paper>
      ) : null}
    </Dialog>
  );
}
