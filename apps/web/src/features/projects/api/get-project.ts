import type { Project } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { projectKeys } from './project-keys';

export function getProject(id: string, signal?: AbortSignal): Promise<Project> {
  return apiRequest<Project>(`/admin/projects/${encodeURIComponent(id)}/`, { signal });
}

export function projectQueryOptions(id: string) {
  return queryOptions({ queryKey: projectKeys.detail(id), queryFn: ({ signal }) => getProject(id, signal) });
}

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
