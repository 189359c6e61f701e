import { ChangePasswordBody, PASSWORD_MIN_LENGTH, PASSWORD_UPDATED } from '@kwanza/contract';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { focusFirstInvalidField } from '../../../lib/focus';
import { notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';
import { FormFailure, formErrorsOf } from './form-failure';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/**
 * The current password, the new one and its confirmation. After the change this session goes on
 * and the admin's other sessions end; a wrong current password shows on its field.
 */
export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(ChangePasswordBody, { sync: true }),
  });

  // PasswordInput does not mark its input invalid by itself: screen readers must hear it.
  const inputProps = (field: keyof ChangePasswordBody) => ({
    ...form.getInputProps(field),
    'aria-invalid': form.errors[field] ? true : undefined,
  });

  const submit = form.onSubmit(
    (values, event) => {
      // Server field errors: the first invalid field takes the focus, as for the checks in the browser.
      const formElement = event?.currentTarget;
      change.mutate(values, {
        onSuccess: () => {
          form.reset();
          notifySuccess(PASSWORD_UPDATED);
        },
        onError: (error) => {
          form.setErrors(formErrorsOf(error));
          focusFirstInvalidField(formElement);
        },
      });
    },
    (_errors, _values, event) => focusFirstInvalidField(event?.currentTarget),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <FormFailure
          error={change.error}
          fallback="Impossible de mettre à jour le mot de passe. Veuillez réessayer."
        />
        <PasswordInput
          label="Mot de passe actuel"
          required
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer le mot de passe actuel' }}
          {...inputProps('current_password')}
        />
        <PasswordInput
          label="Nouveau mot de passe"
          required
          autoComplete="new-password"
          description={`Au moins ${PASSWORD_MIN_LENGTH} caractères, différent du mot de passe actuel`}
          visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer le nouveau mot de passe' }}
          {...inputProps('new_password')}
        />
        <PasswordInput
          label="Confirmer le nouveau mot de passe"
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer la confirmation' }}
          {...inputProps('confirm_password')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Mettre à jour le mot de passe
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
