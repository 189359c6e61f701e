import type { ProjectPage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { type ProjectListParams, projectKeys } from './project-keys';

export function listProjects(params: ProjectListParams, signal?: AbortSignal): Promise<ProjectPage> {
  return apiRequest<ProjectPage>('/admin/projects/', { query: { ...params }, signal });
}

export function projectListQueryOptions(params: ProjectListParams) {
  return queryOptions({
    queryKey: projectKeys.list(params),
    queryFn: ({ signal }) => listProjects(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProjectList(params: ProjectListParams) {
  return useQuery(projectListQueryOptions(params));
}
