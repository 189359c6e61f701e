import type { DashboardStats } from '@kwanza/contract';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { createStatusBadge } from '../../../components/status-badge';
import { formatDayMonth } from '../../../lib/format';
import { PROJECT_STATUS_LABELS } from '../../../lib/labels';

type RecentProject = DashboardStats['recent_activity']['projects'][number];

/** Every status in French, from the shared labels (no raw value such as 'paused' reaches the screen). */
const ProjectStatusBadge = createStatusBadge(PROJECT_STATUS_LABELS);

export function RecentProjects({ projects }: { projects: RecentProject[] }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Projets récents">
      <Title order={2} size="h4" mb="md">
        Projets récents
      </Title>
      {projects.length === 0 ? (
        <Text c="dimmed">Aucun projet récent</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {projects.map((project) => {
            return (
              <Group key={project.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/projects/${project.id}`} fw={600} size="sm" lineClamp={1}>
                    {project.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    Par {project.client_name}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                  <ProjectStatusBadge value={project.status} />
                  <Text size="xs" c="dimmed">
                    {formatDayMonth(project.created_at)}
                  </Text>
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
