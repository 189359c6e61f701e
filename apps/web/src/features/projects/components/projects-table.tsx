import type { Project } from '@kwanza/contract';
import { ActionIcon, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatNumber, truncate } from '../../../lib/format';
import { ProjectStatusBadge } from './project-status-badge';

interface ProjectsTableProps {
  projects: Project[];
  onDelete: (project: Project) => void;
  deletingId: number | undefined;
}

export function ProjectsTable({ projects, onDelete, deletingId }: ProjectsTableProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Liste des projets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Projet</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Catégorie</Table.Th>
            <Table.Th>Budget</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>Offres</Table.Th>
            <Table.Th>Créé le</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => (
            <Table.Tr key={project.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {project.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {truncate(project.description, 60)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>{project.client_name}</Table.Td>
              <Table.Td>{project.category_name ?? 'Non spécifié'}</Table.Td>
              <Table.Td>{project.budget_display}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} miw={100}>
                <ProjectStatusBadge value={project.status} />
              </Table.Td>
              <Table.Td>{formatNumber(project.offers_count)}</Table.Td>
              <Table.Td>{formatDate(project.created_at)}</Table.Td>
              <Table.Td>
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
