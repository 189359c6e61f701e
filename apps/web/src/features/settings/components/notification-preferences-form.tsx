import {
  type AdminPreferences,
  NOTIFICATION_PREFERENCES_UPDATED,
  type NotificationPreferences,
} from '@kwanza/contract';
import { Button, Group, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { focusFirstInvalidField } from '../../../lib/focus';
import { notifySuccess } from '../../../lib/notify';
import { useSavePreferences } from '../api/save-preferences';
import { FormFailure, formErrorsOf } from './form-failure';

const TOGGLES: { field: keyof NotificationPreferences; label: string }[] = [
  { field: 'email_notifications', label: 'Notifications par email' },
  { field: 'push_notifications', label: 'Notifications push' },
  { field: 'new_messages', label: 'Nouveaux messages' },
  { field: 'new_disputes', label: 'Nouveaux litiges' },
  { field: 'status_updates', label: 'Mises à jour de statut' },
  { field: 'marketing_emails', label: 'Emails marketing' },
];

interface NotificationPreferencesFormProps {
  /** The saved preferences: a save sends the saved application preferences with these. */
  saved: AdminPreferences;
}

/** The six notification preferences of the spec, saved together. */
export function NotificationPreferencesForm({ saved }: NotificationPreferencesFormProps) {
  const save = useSavePreferences();
  const form = useForm<NotificationPreferences>({ mode: 'controlled', initialValues: saved.notifications });

  const submit = form.onSubmit(
    (values, event) => {
      // Server field errors: the first invalid field takes the focus, as for the checks in the browser.
      const formElement = event?.currentTarget;
      save.mutate(
        { notifications: values, application: saved.application },
        {
          onSuccess: (stored) => {
            form.setValues(stored.notifications);
            form.resetDirty(stored.notifications);
            notifySuccess(NOTIFICATION_PREFERENCES_UPDATED);
          },
          onError: (error) => {
            form.setErrors(formErrorsOf(error, 'notifications'));
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
          error={save.error}
          fallback="Impossible d'enregistrer les paramètres de notification. Veuillez réessayer."
        />
        {TOGGLES.map((toggle) => (
          <Switch
            key={toggle.field}
            label={toggle.label}
            {...form.getInputProps(toggle.field, { type: 'checkbox' })}
          />
        ))}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
