import type { Project } from '@kwanza/contract';
import { Card, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { PaginationFooter } from '../../components/pagination-footer';
import { ApiError } from '../../lib/http';
import { DEFAULT_PAGE_SIZE } from '../../lib/pagination';
import { useLastPageClamp } from '../../lib/use-last-page-clamp';
import { useDeleteProject } from './api/delete-project';
import { useProjectHeadline } from './api/get-project-stats';
import { useProjectCategories } from './api/list-project-categories';
import { useProjectList } from './api/list-projects';
import { ProjectHeadline } from './components/project-headline';
import { ProjectsTable } from './components/projects-table';
import { isProjectStatus, PROJECT_FILTER_STATUSES, PROJECT_STATUS_LABELS } from './project-status';

const STATUS_OPTIONS = PROJECT_FILTER_STATUSES.map((status) => ({
  value: status,
  label: PROJECT_STATUS_LABELS[status],
}));

function readPositiveInteger(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const parsed = Number(value);
  return parsed > 0 ? parsed : undefined;
}

export default function ProjectsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search')?.trim() || undefined;
  const statusParam = searchParams.get('status');
  const status = isProjectStatus(statusParam) ? statusParam : undefined;
  const category = readPositiveInteger(searchParams.get('category'));
  /** Set by links from other screens (a client's projects); no control on this screen. */
  const client = readPositiveInteger(searchParams.get('client'));
  const page = readPositiveInteger(searchParams.get('page')) ?? 1;

  /** Changes URL parameters; any filter change goes back to page 1. */
  const updateParams = (changes: Record<string, string | undefined>, resetPage = true) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const [searchInput, setSearchInput] = useState(search ?? '');
  // The URL can change while the page stays mounted (sidebar link, back button): the field follows it,
  // unless it already says the same thing (a trailing space being typed is kept).
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    if ((searchInput.trim() || undefined) !== search) setSearchInput(search ?? '');
  }
  const writeSearch = useDebouncedCallback(
    (value: string) => updateParams({ search: value.trim() || undefined }),
    400,
  );

  const list = useProjectList({ page, page_size: DEFAULT_PAGE_SIZE, search, status, category, client });
  const headline = useProjectHeadline(search);
  const categories = useProjectCategories();
  const deletion = useDeleteProject();

  const count = list.data?.count ?? 0;
  const resultsOnPage = list.data?.results.length ?? 0;

  // A page past the end (stale link, projects deleted meanwhile): go to the last page instead of an
  // empty table.
  const isPastTheEnd = useLastPageClamp({
    page,
    total: count,
    pageSize: DEFAULT_PAGE_SIZE,
    settled: Boolean(list.data) && !list.isPlaceholderData && resultsOnPage === 0,
    goToPage: (lastPage) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (lastPage > 1) next.set('page', String(lastPage));
          else next.delete('page');
          return next;
        },
        { replace: true },
      ),
  });

  const hasFilters = Boolean(search || status || category || client);

  const confirmDeletion = (project: Project) =>
    openConfirmDialog({
      title: 'Supprimer le projet',
      message: `Voulez-vous vraiment supprimer le projet « ${project.title} » ? Ses offres seront également supprimées.`,
      confirmLabel: 'Supprimer',
      destructive: true,
      onConfirm: () =>
        deletion.mutate(project.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: 'Projet supprimé avec succès', autoClose: 3000 });
            // The last row of a page is gone: show the page before it.
            if (resultsOnPage === 1 && page > 1) updateParams({ page: String(page - 1) }, false);
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Erreur',
              message:
                error instanceof ApiError && error.serverDetail
                  ? error.serverDetail
                  : 'Impossible de supprimer le projet',
              autoClose: 3000,
            }),
        }),
    });

  return (
    <>
      <PageHeader title="Gestion des Projets" />
      <ProjectHeadline counts={headline.counts} />

      <Card withBorder radius="md" padding="md">
        <Group mb="md" gap="sm" wrap="wrap">
          <TextInput
            aria-label="Rechercher un projet"
            placeholder="Rechercher un projet..."
            leftSection={<IconSearch size={16} />}
            value={searchInput}
            onChange={(event) => {
              setSearchInput(event.currentTarget.value);
              writeSearch(event.currentTarget.value);
            }}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Select
            aria-label="Filtrer par statut"
            placeholder="Tous les statuts"
            data={STATUS_OPTIONS}
            value={status ?? null}
            onChange={(value) => updateParams({ status: value ?? undefined })}
            clearable
            w={200}
          />
          <Select
            aria-label="Filtrer par catégorie"
            placeholder="Toutes les catégories"
            data={(categories.data ?? []).map((option) => ({ value: String(option.id), label: option.name }))}
            value={category ? String(category) : null}
            onChange={(value) => updateParams({ category: value ?? undefined })}
            clearable
            searchable
            nothingFoundMessage="Aucune catégorie"
            w={220}
          />
        </Group>

        {list.isError ? (
          <ErrorAlert
            message="Impossible de charger les projets. Veuillez réessayer."
            onRetry={() => list.refetch()}
          />
        ) : list.isLoading || !list.data || isPastTheEnd ? (
          <LoadingState />
        ) : resultsOnPage === 0 && count === 0 ? (
          hasFilters ? (
            <EmptyState
              title="Aucun projet trouvé"
              description="Essayez de modifier vos critères de recherche"
            />
          ) : (
            <EmptyState title="Aucun projet n'a encore été créé" />
          )
        ) : (
          <>
            <ProjectsTable
              projects={list.data.results}
              onDelete={confirmDeletion}
              deletingId={deletion.isPending ? deletion.variables : undefined}
            />
            <PaginationFooter
              page={page}
              pageSize={DEFAULT_PAGE_SIZE}
              total={count}
              onPageChange={(next) => updateParams({ page: next > 1 ? String(next) : undefined }, false)}
            />
          </>
        )}
      </Card>
    </>
  );
}
