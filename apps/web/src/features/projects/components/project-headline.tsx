import { StatGrid } from '../../../components/stat-grid';
import type { HeadlineCounts } from '../api/get-project-stats';

/** The four headline counts of the projects screen. */
export function ProjectHeadline({ counts }: { counts: HeadlineCounts | undefined }) {
  return (
    <StatGrid
      cols={{ base: 2, md: 4 }}
      items={[
        { label: 'Total des projets', value: counts?.total },
        { label: 'Projets ouverts', value: counts?.open },
        { label: 'Projets en cours', value: counts?.in_progress },
        { label: 'Projets terminés', value: counts?.completed },
      ]}
    />
  );
}
