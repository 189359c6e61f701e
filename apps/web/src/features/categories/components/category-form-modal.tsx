import { type Category, CategoryBody, isHttpUrl } from '@kwanza/contract';
import { Alert, Button, Group, Image, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { focusFirstInvalidField } from '../../../lib/focus';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveCategory } from '../api/catalogue-mutations';
import { CatalogueIcon } from './catalogue-icon';

interface CategoryValues {
  name: string;
  description: string;
  icon: string;
  image_url: string;
}

function valuesOf(category: Category | null): CategoryValues {
  return {
    name: category?.name ?? '',
    description: category?.description ?? '',
    icon: category?.icon ?? '',
    image_url: category?.image_url ?? '',
  };
}

const SAVE_FAILED = 'Impossible de sauvegarder la catégorie';
export const PREVIEW_FAILED = "Aperçu indisponible : l'image n'a pas pu être chargée depuis cette adresse.";

/**
 * The live preview of the image URL. Any http(s) address the server accepts may be shown (the
 * console's Content-Security-Policy allows http: and https: images); an image that does not load says
 * so instead of leaving an empty box.
 */
function ImagePreview({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Aperçu de l'image
      </Text>
      {failed ? (
        <Text size="sm" c="var(--mantine-color-error)" role="status">
          {PREVIEW_FAILED}
        </Text>
      ) : (
        <Image
          src={url}
          alt="Aperçu de l'image"
          h={96}
          w="auto"
          fit="contain"
          radius="sm"
          onError={() => setFailed(true)}
        />
      )}
    </Stack>
  );
}

interface CategoryFormModalProps {
  opened: boolean;
  /** The category edited, or null to create one. */
  category: Category | null;
  onClose: () => void;
}

/** Creates or edits a category; what was typed stays when saving fails. */
export function CategoryFormModal({ opened, category, onClose }: CategoryFormModalProps) {
  const save = useSaveCategory();
  const form = useForm<CategoryValues>({
    mode: 'controlled',
    initialValues: valuesOf(category),
    validate: schemaResolver(CategoryBody, { sync: true }),
  });
  const { setValues, resetDirty, clearErrors } = form;
  const resetMutation = save.reset;

  useEffect(() => {
    if (!opened) return;
    const values = valuesOf(category);
    setValues(values);
    resetDirty(values);
    clearErrors();
    resetMutation();
  }, [opened, category, setValues, resetDirty, clearErrors, resetMutation]);

  const submit = form.onSubmit(
    (values, event) => {
      // Server field errors: the first invalid field takes the focus, as for the checks in the browser.
      const formElement = event?.currentTarget;
      save.mutate(
        { id: category?.id ?? null, values },
        {
          onSuccess: () => {
            notifySuccess(category ? 'Catégorie mise à jour avec succès' : 'Catégorie créée avec succès');
            onClose();
          },
          onError: (error) => {
            form.setErrors(fieldErrorsOf(error));
            focusFirstInvalidField(formElement);
            notifyError(SAVE_FAILED);
          },
        },
      );
    },
    (_errors, _values, event) => focusFirstInvalidField(event?.currentTarget),
  );

  const hasFieldErrors = Object.keys(fieldErrorsOf(save.error)).length > 0;
  const imageUrl = form.values.image_url.trim();

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={category ? 'Modifier la catégorie' : 'Ajouter une catégorie'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {save.isError && !hasFieldErrors ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {SAVE_FAILED}
            </Alert>
          ) : null}
          <TextInput label="Nom" required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <TextInput
            label="Icône"
            description="Nom court de l'icône, par exemple home ou person"
            autoComplete="off"
            leftSection={<CatalogueIcon token={form.values.icon} size={18} />}
            {...form.getInputProps('icon')}
          />
          <TextInput
            label="URL de l'image"
            type="url"
            autoComplete="off"
            placeholder="https://…"
            {...form.getInputProps('image_url')}
          />
          {imageUrl && !form.errors.image_url && isHttpUrl(imageUrl) ? (
            <ImagePreview key={imageUrl} url={imageUrl} />
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={save.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
