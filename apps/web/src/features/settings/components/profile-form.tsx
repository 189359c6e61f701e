import { type AdminProfile, PROFILE_UPDATED, UpdateProfileBody } from '@kwanza/contract';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { focusFirstInvalidField } from '../../../lib/focus';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { FormFailure, formErrorsOf } from './form-failure';

interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
}

function valuesOf(profile: AdminProfile): ProfileValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    phone_number: profile.phone_number ?? '',
  };
}

/**
 * First name, last name, e-mail and phone of the signed-in admin, with the users edit's rules. The
 * server's field errors show on their fields and what was typed stays; the header shows the new
 * name once saved.
 */
export function ProfileForm({ profile }: { profile: AdminProfile }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: valuesOf(profile),
    validate: schemaResolver(UpdateProfileBody, { sync: true }),
  });

  const submit = form.onSubmit(
    (values, event) => {
      // Server field errors: the first invalid field takes the focus, as for the checks in the browser.
      const formElement = event?.currentTarget;
      update.mutate(
        {
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          email: values.email.trim(),
          phone_number: values.phone_number.trim(),
        },
        {
          onSuccess: (saved) => {
            form.setValues(valuesOf(saved));
            form.resetDirty(valuesOf(saved));
            notifySuccess(PROFILE_UPDATED);
          },
          onError: (error) => {
            form.setErrors(formErrorsOf(error));
            focusFirstInvalidField(formElement);
          },
        },
      );
    },
    (_errors, _values, event) => focusFirstInvalidField(event?.currentTarget),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormFailure
          error={update.error}
          fallback="Impossible de mettre à jour le profil. Veuillez réessayer."
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Prénom"
            autoComplete="given-name"
            miw={200}
            {...form.getInputProps('first_name')}
          />
          <TextInput label="Nom" autoComplete="family-name" miw={200} {...form.getInputProps('last_name')} />
        </Group>
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Téléphone"
          type="tel"
          autoComplete="tel"
          description="Chiffres, espaces et +, de 6 à 20 caractères"
          {...form.getInputProps('phone_number')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
