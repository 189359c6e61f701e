import { SimpleGrid, Stack } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBriefcase,
  IconFolderOpen,
  IconLoader,
  IconUserStar,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { isRetrying, RetryingNotice } from '../../components/query-state';
import { StatGrid } from '../../components/stat-grid';
import { formatNumber } from '../../lib/format';
import { projectStatsQueryOptions } from '../../lib/project-stats';
import { useDashboardStats } from './api/get-dashboard-stats';
import { NewProjectsChart, RegistrationsChart, TopCategoriesChart } from './components/dashboard-charts';
import { RecentProjects } from './components/recent-projects';

export const DASHBOARD_ERROR_TEXT = 'Impossible de charger les statistiques. Veuillez réessayer.';

/** '+3', '-2', '0' */
function signed(value: number): string {
  return value > 0 ? `+${formatNumber(value)}` : formatNumber(value);
}

export default function DashboardPage() {
  // Both statistics calls are issued in parallel; the project statistics are the projects screen's query.
  const dashboard = useDashboardStats();
  const projects = useQuery(projectStatsQueryOptions());
  const failed = [dashboard, projects].filter((query) => query.isError);

  if (failed.length > 0 && !failed.some((query) => query.isFetching)) {
    // A failed load says so: no dashes for numbers, no empty chart.
    return (
      <>
        <PageHeader title="Tableau de bord" />
        <ErrorAlert
          message={DASHBOARD_ERROR_TEXT}
          onRetry={() => {
            for (const query of failed) void query.refetch();
          }}
        />
      </>
    );
  }
  const stats = dashboard.data;
  const projectStats = projects.data;
  if (!stats || !projectStats) {
    return (
      <>
        <PageHeader title="Tableau de bord" />
        {isRetrying(dashboard) || isRetrying(projects) || failed.length > 0 ? (
          <RetryingNotice />
        ) : (
          <LoadingState label="Chargement des statistiques..." />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title="Tableau de bord" />
      <Stack gap="lg">
        <StatGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          items={[
            {
              label: 'Total Utilisateurs',
              value: stats.totals.users,
              icon: <IconUsers size={20} />,
              color: 'blue',
              hint: `+${stats.this_month.new_users} ce mois`,
            },
            {
              label: 'Prestataires',
              value: stats.totals.providers,
              icon: <IconUserStar size={20} />,
              color: 'teal',
            },
            {
              label: 'Litiges Ouverts',
              value: stats.totals.open_disputes,
              icon: <IconAlertTriangle size={20} />,
              color: 'red',
              hint: `${signed(stats.this_month.open_disputes - stats.last_month.open_disputes)} par rapport au mois dernier`,
            },
            {
              label: 'Total Projets',
              value: stats.totals.projects,
              icon: <IconBriefcase size={20} />,
              color: 'grape',
              hint: `${signed(stats.this_month.active_projects - stats.last_month.active_projects)} projets actifs par rapport au mois dernier`,
            },
            {
              label: 'Projets Ouverts',
              value: projectStats.by_status.open,
              icon: <IconFolderOpen size={20} />,
              color: 'cyan',
            },
            {
              label: 'En Cours',
              value: projectStats.by_status.in_progress,
              icon: <IconLoader size={20} />,
              color: 'yellow',
            },
          ]}
        />

        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <RegistrationsChart months={stats.user_registrations} />
          <NewProjectsChart months={projectStats.monthly_stats} />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <TopCategoriesChart categories={projectStats.top_categories} />
          <RecentProjects projects={stats.recent_activity.projects} />
        </SimpleGrid>
      </Stack>
    </>
  );
}
