import { Project } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getProject(id: string, signal?: AbortSignal): Promise<Project> {
  return apiFetch(`/admin/projects/${encodeURIComponent(id)}/`, Project, { signal });
}

export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.projects.detail(id),
    queryFn: ({ signal }) => getProject(id, signal),
  });
}

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
