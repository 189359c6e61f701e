import type { Project } from '@kwanza/contract';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatDate, formatNumber, truncate } from '../../../lib/format';
import { ProjectStatusBadge } from './project-status-badge';

interface ProjectsTableProps {
  projects: Project[];
  onDelete: (project: Project) => void;
  deletingId: number | undefined;
}

/** The columns of the projects table; deleting comes from the page. */
function projectColumns({
  onDelete,
  deletingId,
}: Omit<ProjectsTableProps, 'projects'>): DataTableColumn<Project>[] {
  return [
    {
      key: 'project',
      header: 'Projet',
      cell: (project) => (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {project.title}
          </Text>
          <Text size="xs" c="dimmed">
            {truncate(project.description, 60)}
          </Text>
        </Stack>
      ),
    },
    { key: 'client', header: 'Client', cell: (project) => project.client_name },
    { key: 'category', header: 'Catégorie', cell: (project) => project.category_name ?? 'Non spécifié' },
    { key: 'budget', header: 'Budget', cell: (project) => project.budget_display },
    {
      key: 'status',
      header: 'Statut',
      // 'En pause' and 'En cours' stay whole: the table scrolls instead.
      noWrap: true,
      cell: (project) => <ProjectStatusBadge value={project.status} />,
    },
    { key: 'offers', header: 'Offres', cell: (project) => formatNumber(project.offers_count) },
    { key: 'created', header: 'Créé le', noWrap: true, cell: (project) => formatDate(project.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (project) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Modifier">
            <ActionIcon
              component={Link}
              to={`/projects/${project.id}`}
              variant="subtle"
              aria-label={`Modifier le projet ${project.title}`}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Supprimer">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Supprimer le projet ${project.title}`}
              loading={deletingId === project.id}
              onClick={() => onDelete(project)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
}

export function ProjectsTable({ projects, onDelete, deletingId }: ProjectsTableProps) {
  return (
    <DataTable
      rows={projects}
      rowKey={(project) => project.id}
      columns={projectColumns({ onDelete, deletingId })}
      minWidth={900}
      label="Liste des projets"
    />
  );
}
