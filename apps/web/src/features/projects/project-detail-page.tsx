import type { Project } from '@kwanza/contract';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { ObjectHistory } from '../../components/object-history';
import { PendingState } from '../../components/query-state';
import { formatBudget, formatDate, formatNumber } from '../../lib/format';
import { ApiError } from '../../lib/http';
import { useListParams } from '../../lib/list-params';
import { useProject } from './api/get-project';
import { useProjectOffers } from './api/list-project-offers';
import { ProjectAdministration } from './components/project-administration';
import { initialsOf, ProjectOffers } from './components/project-offers';
import { ProjectStatusBadge } from './components/project-status-badge';
import { PROJECT_DETAIL_PARAMS } from './project-detail-params';

const NOT_SPECIFIED = 'Non spécifié';
const TAB = PROJECT_DETAIL_PARAMS.schema.shape.tab;

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {formatNumber(value)}
      </Text>
    </Card>
  );
}

function BackToProjects({ label }: { label: string }) {
  return (
    <Button component={Link} to="/projects" variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0}>
      {label}
    </Button>
  );
}

function ProjectView({ project }: { project: Project }) {
  const offers = useProjectOffers(String(project.id));
  // The open tab lives in the URL (?tab=offers), so a reload or a shared link keeps it; switching tabs
  // replaces the history entry, so Back leaves the project instead of walking through its tabs.
  const { params, update } = useListParams(PROJECT_DETAIL_PARAMS);
  const offersCount = offers.data?.length ?? project.offers_count;
  return (
    <Stack gap="lg">
      <Group>
        <Button component={Link} to="/projects" variant="subtle" px={0}>
          ← Retour aux projets
        </Button>
      </Group>

      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={1} size="h2">
            {project.title}
          </Title>
          <Group gap="xs">
            <ProjectStatusBadge value={project.status} />
            <Badge variant="outline" color="gray" radius="sm" tt="none">
              ID: {project.id}
            </Badge>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="lg" spacing="lg">
          <Field label="Client">
            <Group gap="xs" wrap="nowrap">
              <Avatar size="sm" radius="xl" color="blue">
                {initialsOf(project.client_name).charAt(0)}
              </Avatar>
              <Text>{project.client_name}</Text>
            </Group>
          </Field>
          <Field label="Catégorie">
            <Text>{project.category_name ?? NOT_SPECIFIED}</Text>
          </Field>
          <Field label="Budget">
            <Text fw={600}>{formatBudget(project)}</Text>
          </Field>
          <Field label="Localisation">
            <Text>{project.location?.trim() || NOT_SPECIFIED}</Text>
          </Field>
          <Field label="Date limite">
            <Text>{project.deadline ? formatDate(`${project.deadline}T12:00:00`) : NOT_SPECIFIED}</Text>
          </Field>
          <Field label="Créé le">
            <Text>{formatDate(project.created_at)}</Text>
          </Field>
        </SimpleGrid>

        <Stack gap="xs" mt="lg">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Description
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{project.description || 'Aucune description'}</Text>
        </Stack>

        {project.required_skills.length > 0 ? (
          <Stack gap="xs" mt="lg">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Compétences requises
            </Text>
            <Group gap="xs">
              {project.required_skills.map((skill) => (
                <Badge key={skill} variant="light" radius="sm" tt="none">
                  {skill}
                </Badge>
              ))}
            </Group>
          </Stack>
        ) : null}
      </Card>

      <Tabs
        value={params.tab}
        onChange={(tab) => update({ tab: TAB.parse(tab ?? undefined) }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="details">Détails</Tabs.Tab>
          <Tabs.Tab value="offers">Offres ({formatNumber(offersCount)})</Tabs.Tab>
          <Tabs.Tab value="administration">Administration</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Counter label="Vues" value={project.views_count} />
            <Counter label="Favoris" value={project.favorites_count} />
            <Counter label="Offres" value={offersCount} />
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="offers" pt="md">
          <ProjectOffers query={offers} />
        </Tabs.Panel>
        <Tabs.Panel value="administration" pt="md">
          {/* Keyed by project only: a save keeps the same form, so the focus stays on its button. */}
          <ProjectAdministration key={project.id} project={project} />
        </Tabs.Panel>
      </Tabs>

      <Paper withBorder radius="md" p="lg">
        <ObjectHistory type="project" id={project.id} />
      </Paper>
    </Stack>
  );
}

export default function ProjectDetailPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  useDocumentTitle(`${project.data?.title ?? 'Détail du projet'} · Kwanza Admin`);

  if (project.isError) {
    const notFound =
      project.error instanceof ApiError && (project.error.status === 404 || project.error.status === 400);
    return notFound ? (
      <EmptyState title="Projet non trouvé" titleOrder={1}>
        <BackToProjects label="Retour aux projets" />
      </EmptyState>
    ) : (
      <EmptyState title="Impossible de charger les détails du projet." titleOrder={1}>
        <BackToProjects label="Retour aux projets" />
      </EmptyState>
    );
  }
  if (!project.data) return <PendingState query={project} />;
  return <ProjectView project={project.data} />;
}
