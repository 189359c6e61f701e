import {
  type AdminPreferences,
  APPLICATION_PREFERENCES_UPDATED,
  type ApplicationPreferences,
  ApplicationPreferences as ApplicationPreferencesSchema,
  type Language,
  type ThemePreference,
  type TimeZone,
} from '@kwanza/contract';
import { Button, Group, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { focusFirstInvalidField } from '../../../lib/focus';
import { formatAoa, formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useSavePreferences } from '../api/save-preferences';
import { FormFailure, formErrorsOf } from './form-failure';

/** Each language in its own words (and marked so: assistive technology reads it in that language). */
const LANGUAGES: { value: Language; label: string }[] = [
  { value: 'fr', label: 'Français' },
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'pt', label: 'Português' },
];

const TIME_ZONES: { value: TimeZone; label: string }[] = [
  { value: 'Africa/Luanda', label: 'Luanda (Angola)' },
  { value: 'Africa/Casablanca', label: 'Casablanca (Maroc)' },
  { value: 'Europe/Paris', label: 'Paris (France)' },
  { value: 'America/New_York', label: 'New York (États-Unis)' },
];

const THEMES: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Clair' },
  { value: 'dark', label: 'Sombre' },
  { value: 'system', label: 'Système (celui de votre appareil)' },
];

/** Example amount of the preview. */
const SAMPLE_AMOUNT = 1_234_567.5;

interface ApplicationPreferencesFormProps {
  /** The saved preferences: a save sends the saved notification preferences with these. */
  saved: AdminPreferences;
}

/**
 * Language (dates and numbers; the interface stays French), time zone of every date and time, and
 * theme. Applied to the whole console once saved.
 */
export function ApplicationPreferencesForm({ saved }: ApplicationPreferencesFormProps) {
  const save = useSavePreferences();
  const [now] = useState(() => new Date());
  const form = useForm<ApplicationPreferences>({
    mode: 'controlled',
    initialValues: saved.application,
    validate: schemaResolver(ApplicationPreferencesSchema, { sync: true }),
  });
  const preview = { language: form.values.language, timeZone: form.values.timezone };

  const submit = form.onSubmit(
    (values, event) => {
      // Server field errors: the first invalid field takes the focus, as for the checks in the browser.
      const formElement = event?.currentTarget;
      save.mutate(
        { notifications: saved.notifications, application: values },
        {
          onSuccess: (stored) => {
            form.setValues(stored.application);
            form.resetDirty(stored.application);
            notifySuccess(APPLICATION_PREFERENCES_UPDATED);
          },
          onError: (error) => {
            form.setErrors(formErrorsOf(error, 'application'));
            focusFirstInvalidField(formElement);
          },
        },
      );
    },
    (_errors, _values, event) => focusFirstInvalidField(event?.currentTarget),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={480}>
        <FormFailure
          error={save.error}
          fallback="Impossible d'enregistrer les paramètres de l'application. Veuillez réessayer."
        />
        <NativeSelect
          label="Langue"
          description="L'interface reste en français pour le moment : la langue choisie s'applique au format des dates et des nombres."
          {...form.getInputProps('language')}
        >
          {LANGUAGES.map((language) => (
            <option key={language.value} value={language.value} lang={language.value}>
              {language.label}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          label="Fuseau horaire"
          description="Toutes les dates et heures de la console sont affichées dans ce fuseau."
          data={TIME_ZONES}
          {...form.getInputProps('timezone')}
        />
        <Text size="sm" data-testid="format-preview">
          Aperçu : {formatDateTime(now, preview)} · {formatAoa(SAMPLE_AMOUNT, preview)}
        </Text>
        <Radio.Group label="Thème" {...form.getInputProps('theme')}>
          <Stack gap="xs" mt="xs">
            {THEMES.map((theme) => (
              <Radio key={theme.value} value={theme.value} label={theme.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
