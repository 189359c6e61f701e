import { type CategoryList, type Subcategory, SubcategoryBody } from '@kwanza/contract';
import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Dialog } from '../../../components/dialog';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { focusFirstInvalidField } from '../../../lib/focus';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveSubcategory } from '../api/catalogue-mutations';
import { CatalogueIcon } from './catalogue-icon';

interface SubcategoryValues {
  category: string | null;
  name: string;
  description: string;
  icon: string;
}

const SAVE_FAILED = 'Impossible de sauvegarder la sous-catégorie';

function valuesOf(
  subcategory: Subcategory | null,
  categories: CategoryList,
  parent: number | null,
): SubcategoryValues {
  const defaultParent = parent ?? categories[0]?.id ?? null;
  return {
    category: String(subcategory?.category ?? defaultParent ?? '') || null,
    name: subcategory?.name ?? '',
    description: subcategory?.description ?? '',
    icon: subcategory?.icon ?? '',
  };
}

interface SubcategoryFormModalProps {
  opened: boolean;
  /** The subcategory edited, or null to create one. */
  subcategory: Subcategory | null;
  /** Parent chosen at first when creating (default: the first category). */
  parent: number | null;
  categories: CategoryList;
  onClose: () => void;
}

/** Creates or edits a subcategory under a chosen parent; what was typed stays when saving fails. */
export function SubcategoryFormModal({
  opened,
  subcategory,
  parent,
  categories,
  onClose,
}: SubcategoryFormModalProps) {
  const save = useSaveSubcategory();
  const form = useForm<SubcategoryValues>({
    mode: 'controlled',
    initialValues: valuesOf(subcategory, categories, parent),
    validate: schemaResolver(SubcategoryBody, { sync: true }),
  });
  const { setValues, resetDirty, clearErrors } = form;
  const resetMutation = save.reset;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form restarts when it opens, not when the list refreshes.
  useEffect(() => {
    if (!opened) return;
    const values = valuesOf(subcategory, categories, parent);
    setValues(values);
    resetDirty(values);
    clearErrors();
    resetMutation();
  }, [opened, subcategory, parent, setValues, resetDirty, clearErrors, resetMutation]);

  const submit = form.onSubmit(
    (values, event) => {
      // Server field errors: the first invalid field takes the focus, as for the checks in the browser.
      const formElement = event?.currentTarget;
      save.mutate(
        {
          id: subcategory?.id ?? null,
          values: { ...values, category: values.category === null ? Number.NaN : Number(values.category) },
        },
        {
          onSuccess: () => {
            notifySuccess(
              subcategory ? 'Sous-catégorie mise à jour avec succès' : 'Sous-catégorie créée avec succès',
            );
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

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={subcategory ? 'Modifier la sous-catégorie' : 'Ajouter une sous-catégorie'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {save.isError && !hasFieldErrors ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {SAVE_FAILED}
            </Alert>
          ) : null}
          <Select
            label="Catégorie parente"
            required
            allowDeselect={false}
            data={categories.map((category) => ({ value: String(category.id), label: category.name }))}
            {...form.getInputProps('category')}
          />
          <TextInput label="Nom" required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <TextInput
            label="Icône"
            description="Nom court de l'icône, par exemple home ou person"
            autoComplete="off"
            leftSection={<CatalogueIcon token={form.values.icon} size={18} />}
            {...form.getInputProps('icon')}
          />
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
