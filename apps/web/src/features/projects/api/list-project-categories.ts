import type { ProjectCategoryOption } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { projectKeys } from './project-keys';

/** Category filter options (the projects module's read-only list). */
export function listProjectCategories(signal?: AbortSignal): Promise<ProjectCategoryOption[]> {
  return apiRequest<ProjectCategoryOption[]>('/admin/projects/categories/', { signal });
}

export function projectCategoriesQueryOptions() {
  return queryOptions({
    queryKey: projectKeys.categories,
    queryFn: ({ signal }) => listProjectCategories(signal),
    staleTime: 5 * 60_000,
  });
}

export function useProjectCategories() {
  return useQuery(projectCategoriesQueryOptions());
}
