import type { Category, Subcategory } from '@kwanza/contract';
import { Accordion, ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { PendingState } from '../../components/query-state';
import { formatNumber, truncate } from '../../lib/format';
import { useCategories, useSubcategories } from './api/catalogue-queries';
import { CatalogueIcon } from './components/catalogue-icon';
import { CategoryFormModal } from './components/category-form-modal';
import { type DeletableEntry, DeleteEntryModal, type MoveOption } from './components/delete-entry-modal';
import { SubcategoryFormModal } from './components/subcategory-form-modal';

const LOAD_FAILED = 'Impossible de charger les catégories. Veuillez réessayer.';
const SUBCATEGORY_DESCRIPTION_MAX = 100;

type Editing =
  | { kind: 'category'; category: Category | null }
  | { kind: 'subcategory'; subcategory: Subcategory | null; parent: number | null }
  | null;

const sousCategories = (n: number) => (n <= 1 ? `${n} sous-catégorie` : `${n} sous-catégories`);
const projets = (n: number) => (n <= 1 ? `${n} projet` : `${formatNumber(n)} projets`);

export default function CategoriesPage() {
  const categories = useCategories();
  const subcategories = useSubcategories();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<DeletableEntry | null>(null);

  const childrenOf = useMemo(() => {
    const map = new Map<number, Subcategory[]>();
    for (const subcategory of subcategories.data ?? []) {
      map.set(subcategory.category, [...(map.get(subcategory.category) ?? []), subcategory]);
    }
    return map;
  }, [subcategories.data]);

  const categoryList = categories.data ?? [];
  const moveOptions = useMemo<MoveOption[]>(() => {
    if (!deleting) return [];
    if (deleting.kind === 'category') {
      return categoryList
        .filter((category) => category.id !== deleting.id)
        .map((category) => ({ value: String(category.id), label: category.name }));
    }
    return (subcategories.data ?? [])
      .filter((subcategory) => subcategory.id !== deleting.id)
      .map((subcategory) => ({
        value: String(subcategory.id),
        label: `${subcategory.category_name} › ${subcategory.name}`,
      }));
  }, [deleting, categoryList, subcategories.data]);

  const retry = () => {
    void categories.refetch();
    void subcategories.refetch();
  };

  const closeEditing = () => setEditing(null);
  const failed = categories.isError || subcategories.isError;
  const loading = categories.isPending || subcategories.isPending;

  return (
    <>
      <PageHeader
        title="Gestion des catégories"
        actions={
          <>
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setEditing({ kind: 'category', category: null })}
            >
              Ajouter une catégorie
            </Button>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              disabled={categoryList.length === 0}
              onClick={() => setEditing({ kind: 'subcategory', subcategory: null, parent: null })}
            >
              Ajouter une sous-catégorie
            </Button>
          </>
        }
      />

      {failed ? (
        <ErrorAlert message={LOAD_FAILED} onRetry={retry} />
      ) : loading ? (
        <PendingState query={[categories, subcategories]} />
      ) : categoryList.length === 0 ? (
        <EmptyState title="Aucune catégorie" />
      ) : (
        <Accordion variant="separated" multiple chevronPosition="left">
          {categoryList.map((category) => {
            const children = childrenOf.get(category.id) ?? [];
            return (
              <Accordion.Item key={category.id} value={String(category.id)}>
                <Group wrap="nowrap" gap="xs" pr="sm">
                  <Accordion.Control>
                    <Group gap="sm" wrap="nowrap">
                      <CatalogueIcon token={category.icon} />
                      <Text fw={600}>{category.name}</Text>
                      <Badge variant="light" color="gray">
                        {sousCategories(category.subcategories_count)}
                      </Badge>
                    </Group>
                  </Accordion.Control>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {projets(category.projects_count)}
                  </Text>
                  <Tooltip label="Modifier">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Modifier la catégorie ${category.name}`}
                      onClick={() => setEditing({ kind: 'category', category })}
                    >
                      <IconEdit size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Supprimer">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Supprimer la catégorie ${category.name}`}
                      onClick={() =>
                        setDeleting({
                          kind: 'category',
                          id: category.id,
                          name: category.name,
                          projectsCount: category.projects_count,
                          subcategoriesCount: category.subcategories_count,
                        })
                      }
                    >
                      <IconTrash size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <Accordion.Panel>
                  <Stack gap="sm">
                    {category.description ? <Text size="sm">{category.description}</Text> : null}
                    {category.image_url ? (
                      <Anchor href={category.image_url} target="_blank" rel="noopener noreferrer" size="sm">
                        <Group gap={4} component="span">
                          Voir l'image
                          <IconExternalLink size={14} aria-hidden="true" />
                        </Group>
                      </Anchor>
                    ) : null}
                    {children.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        Aucune sous-catégorie
                      </Text>
                    ) : (
                      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                        {children.map((subcategory) => (
                          <Group
                            key={subcategory.id}
                            component="li"
                            justify="space-between"
                            wrap="nowrap"
                            gap="sm"
                          >
                            <Group gap="sm" wrap="nowrap">
                              <CatalogueIcon token={subcategory.icon} size={18} />
                              <Stack gap={0}>
                                <Text size="sm" fw={500}>
                                  {subcategory.name}
                                </Text>
                                {subcategory.description ? (
                                  <Text size="xs" c="dimmed">
                                    {truncate(subcategory.description, SUBCATEGORY_DESCRIPTION_MAX)}
                                  </Text>
                                ) : null}
                              </Stack>
                            </Group>
                            <Group gap={4} wrap="nowrap">
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Modifier la sous-catégorie ${subcategory.name}`}
                                onClick={() => setEditing({ kind: 'subcategory', subcategory, parent: null })}
                              >
                                <IconEdit size={16} aria-hidden="true" />
                              </ActionIcon>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`Supprimer la sous-catégorie ${subcategory.name}`}
                                onClick={() =>
                                  setDeleting({
                                    kind: 'subcategory',
                                    id: subcategory.id,
                                    name: subcategory.name,
                                    projectsCount: subcategory.projects_count,
                                  })
                                }
                              >
                                <IconTrash size={16} aria-hidden="true" />
                              </ActionIcon>
                            </Group>
                          </Group>
                        ))}
                      </Stack>
                    )}
                    <Group>
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconPlus size={14} aria-hidden="true" />}
                        onClick={() =>
                          setEditing({ kind: 'subcategory', subcategory: null, parent: category.id })
                        }
                      >
                        Ajouter une sous-catégorie à {category.name}
                      </Button>
                    </Group>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}

      <CategoryFormModal
        opened={editing?.kind === 'category'}
        category={editing?.kind === 'category' ? editing.category : null}
        onClose={closeEditing}
      />
      <SubcategoryFormModal
        opened={editing?.kind === 'subcategory'}
        subcategory={editing?.kind === 'subcategory' ? editing.subcategory : null}
        parent={editing?.kind === 'subcategory' ? editing.parent : null}
        categories={categoryList}
        onClose={closeEditing}
      />
      <DeleteEntryModal entry={deleting} moveOptions={moveOptions} onClose={() => setDeleting(null)} />
    </>
  );
}
