import { SimpleGrid, Stack } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBriefcase,
  IconFolderOpen,
  IconLoader,
  IconUserStar,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { useDashboardStats } from './api/get-dashboard-stats';
import { useProjectStats } from './api/get-project-stats';
import { NewProjectsChart, RegistrationsChart, TopCategoriesChart } from './components/dashboard-charts';
import { RecentProjects } from './components/recent-projects';
import { StatCard, signed } from './components/stat-card';

export default function DashboardPage() {
  // Both statistics calls are issued in parallel.
  const dashboard = useDashboardStats();
  const projects = useProjectStats();

  // Load failures are only logged (section 8): the screen shows what it has.
  useEffect(() => {
    if (dashboard.error) console.error('Statistiques du tableau de bord indisponibles', dashboard.error);
    if (projects.error) console.error('Statistiques des projets indisponibles', projects.error);
  }, [dashboard.error, projects.error]);

  if (dashboard.isLoading || projects.isLoading) {
    return (
      <>
        <PageHeader title="Tableau de bord" />
        <LoadingState label="Chargement des statistiques..." />
      </>
    );
  }

  const stats = dashboard.data;
  const projectStats = projects.data;

  return (
    <>
      <PageHeader title="Tableau de bord" />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <StatCard
            label="Total Utilisateurs"
            value={stats?.totals.users}
            icon={<IconUsers size={20} />}
            color="blue"
            change={stats ? `+${stats.this_month.new_users} ce mois` : undefined}
          />
          <StatCard
            label="Prestataires"
            value={stats?.totals.providers}
            icon={<IconUserStar size={20} />}
            color="teal"
          />
          <StatCard
            label="Litiges Ouverts"
            value={stats?.totals.open_disputes}
            icon={<IconAlertTriangle size={20} />}
            color="red"
            change={
              stats
                ? `${signed(stats.this_month.open_disputes - stats.last_month.open_disputes)} par rapport au mois dernier`
                : undefined
            }
          />
          <StatCard
            label="Total Projets"
            value={stats?.totals.projects}
            icon={<IconBriefcase size={20} />}
            color="grape"
            change={
              stats
                ? `${signed(stats.this_month.active_projects - stats.last_month.active_projects)} projets actifs par rapport au mois dernier`
                : undefined
            }
          />
          <StatCard
            label="Projets Ouverts"
            value={projectStats?.by_status.open}
            icon={<IconFolderOpen size={20} />}
            color="cyan"
          />
          <StatCard
            label="En Cours"
            value={projectStats?.by_status.in_progress}
            icon={<IconLoader size={20} />}
            color="yellow"
          />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <RegistrationsChart months={stats?.user_registrations ?? []} />
          <NewProjectsChart months={projectStats?.monthly_stats ?? []} />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <TopCategoriesChart categories={projectStats?.top_categories ?? []} />
          <RecentProjects projects={stats?.recent_activity.projects ?? []} />
        </SimpleGrid>
      </Stack>
    </>
  );
}
