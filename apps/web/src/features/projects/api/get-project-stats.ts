import type { ProjectStats } from '@kwanza/contract';
import { useQuery } from '@tanstack/react-query';
import { projectStatsQueryOptions } from '../../../lib/project-stats';
import { queryKeys } from '../../../lib/query-keys';
import { listProjects } from './list-projects';

export function useProjectStats() {
  return useQuery(projectStatsQueryOptions());
}

export interface HeadlineCounts {
  total: number;
  open: number;
  in_progress: number;
  /** Completed and closed projects (the list shows both under "completed"). */
  completed: number;
}

/** Headline counts from the statistics. */
export function headlineFromStats(stats: ProjectStats): HeadlineCounts {
  return {
    total: stats.total_projects,
    open: stats.by_status.open,
    in_progress: stats.by_status.in_progress,
    completed: stats.by_status.completed + stats.by_status.closed,
  };
}

/**
 * The fallback when the statistics fail: one list call of size 1 per status (open, in_progress,
 * completed, closed) with the search term, reading only their counts. The API's completed filter
 * already includes closed projects, so the total is open + in progress + completed-with-closed.
 */
export async function getHeadlineFallback(
  search: string | undefined,
  signal?: AbortSignal,
): Promise<HeadlineCounts> {
  const count = (status: 'open' | 'in_progress' | 'completed' | 'closed') =>
    listProjects({ page: 1, page_size: 1, search, status }, signal).then((page) => page.count);
  const [open, inProgress, completed] = await Promise.all([
    count('open'),
    count('in_progress'),
    count('completed'),
    count('closed'),
  ]);
  return { total: open + inProgress + completed, open, in_progress: inProgress, completed };
}

/** Headline counts: statistics, else the fallback list calls (only once the statistics failed). */
export function useProjectHeadline(search: string | undefined) {
  const stats = useProjectStats();
  const fallback = useQuery({
    queryKey: queryKeys.projects.statsFallback(search),
    queryFn: ({ signal }) => getHeadlineFallback(search, signal),
    enabled: stats.isError,
  });
  if (stats.data) return { counts: headlineFromStats(stats.data), isLoading: false };
  if (stats.isError && fallback.data) return { counts: fallback.data, isLoading: false };
  return { counts: undefined, isLoading: stats.isLoading || fallback.isLoading };
}
