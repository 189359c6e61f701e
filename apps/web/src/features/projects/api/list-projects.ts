import { ProjectPage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export interface ProjectListFilters {
  page: number;
  page_size: number;
  search?: string | undefined;
  status?: ProjectPage['results'][number]['status'] | undefined;
  category?: number | undefined;
  client?: number | undefined;
}

export function listProjects(filters: ProjectListFilters, signal?: AbortSignal): Promise<ProjectPage> {
  return apiFetch('/admin/projects/', ProjectPage, { query: { ...filters }, signal });
}

export function projectListQueryOptions(filters: ProjectListFilters) {
  return queryOptions({
    queryKey: queryKeys.projects.list(filters),
    queryFn: ({ signal }) => listProjects(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProjectList(filters: ProjectListFilters) {
  return useQuery(projectListQueryOptions(filters));
}
