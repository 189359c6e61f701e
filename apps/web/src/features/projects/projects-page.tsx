import type { Project } from '@kwanza/contract';
import { Card, Group, Select } from '@mantine/core';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { errorMessage } from '../../lib/api-errors';
import { focusSoon } from '../../lib/focus';
import { useListParams } from '../../lib/list-params';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteProject } from './api/delete-project';
import { useProjectHeadline } from './api/get-project-stats';
import { useProjectCategories } from './api/list-project-categories';
import { useProjectList } from './api/list-projects';
import { ProjectHeadline } from './components/project-headline';
import { ProjectsTable } from './components/projects-table';
import { PROJECT_LIST_PARAMS, PROJECTS_PAGE_SIZE } from './project-list-params';
import { PROJECT_FILTER_OPTIONS } from './project-status';

const FIELDS = PROJECT_LIST_PARAMS.schema.shape;

export default function ProjectsPage() {
  const list = useListParams(PROJECT_LIST_PARAMS);
  const { params, update, stage } = list;
  const projects = useProjectList({ ...params, page_size: PROJECTS_PAGE_SIZE });
  const headline = useProjectHeadline(params.search);
  const categories = useProjectCategories();
  const deletion = useDeleteProject();
  const hasFilters = Boolean(params.search || params.status || params.category || params.client);
  // Filters replace the history entry (typing a search must not fill the back button's history).
  const replace = { replace: true };

  const confirmDeletion = (project: Project) => {
    // Once the row is gone, the focus goes to the delete button of the row after it (or before it).
    const rows = projects.data?.results ?? [];
    const index = rows.findIndex((row) => row.id === project.id);
    const neighbours = [rows[index + 1], rows[index - 1]].flatMap((row) =>
      row ? [`button[aria-label="${CSS.escape(`Supprimer le projet ${row.title}`)}"]`] : [],
    );
    openConfirmDialog({
      title: 'Supprimer le projet',
      message: `Voulez-vous vraiment supprimer le projet « ${project.title} » ? Ses offres seront également supprimées.`,
      confirmLabel: 'Supprimer',
      destructive: true,
      onConfirm: () =>
        deletion.mutate(project.id, {
          onSuccess: () => {
            notifySuccess('Projet supprimé avec succès');
            // The last row of a page is gone: show the page before it.
            if (projects.data?.results.length === 1 && params.page > 1) {
              update({ page: params.page - 1 }, replace);
            }
            focusSoon(neighbours);
          },
          onError: (error) => notifyError(errorMessage(error, 'Impossible de supprimer le projet'), 'Erreur'),
        }),
    });
  };

  return (
    <>
      <PageHeader title="Gestion des Projets" />
      <ProjectHeadline counts={headline.counts} />

      <Card withBorder radius="md" padding="md">
        <Group mb="md" gap="sm" wrap="wrap">
          <SearchInput
            ariaLabel="Rechercher un projet"
            placeholder="Rechercher un projet..."
            value={params.search ?? ''}
            onSearch={(search) => update({ search }, replace)}
            onDraftChange={(search) => stage({ search })}
            syncKey={list.urlKey}
          />
          <Select
            aria-label="Filtrer par statut"
            placeholder="Tous les statuts"
            data={PROJECT_FILTER_OPTIONS}
            value={params.status ?? null}
            onChange={(value) => update({ status: FIELDS.status.parse(value ?? undefined) }, replace)}
            clearable
            w={200}
          />
          <Select
            aria-label="Filtrer par catégorie"
            placeholder="Toutes les catégories"
            data={(categories.data ?? []).map((option) => ({ value: String(option.id), label: option.name }))}
            value={params.category ? String(params.category) : null}
            onChange={(value) => update({ category: FIELDS.category.parse(value ?? undefined) }, replace)}
            clearable
            searchable
            nothingFoundMessage="Aucune catégorie"
            w={220}
          />
        </Group>

        <ListView
          query={projects}
          page={params.page}
          pageSize={PROJECTS_PAGE_SIZE}
          onPageChange={(page) => update({ page }, replace)}
          errorMessage="Impossible de charger les projets. Veuillez réessayer."
          empty={
            hasFilters ? (
              <EmptyState
                title="Aucun projet trouvé"
                description="Essayez de modifier vos critères de recherche"
              />
            ) : (
              <EmptyState title="Aucun projet n'a encore été créé" />
            )
          }
        >
          {(data) => (
            <ProjectsTable
              projects={data.results}
              onDelete={confirmDeletion}
              deletingId={deletion.isPending ? deletion.variables : undefined}
            />
          )}
        </ListView>
      </Card>
    </>
  );
}
