import { type ProjectCategoryOption, ProjectCategoryOptionList } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Category filter options (the projects module's read-only list). */
export function listProjectCategories(signal?: AbortSignal): Promise<ProjectCategoryOption[]> {
  return apiFetch('/admin/projects/categories/', ProjectCategoryOptionList, { signal });
}

export function projectCategoriesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.projects.categories,
    queryFn: ({ signal }) => listProjectCategories(signal),
    staleTime: 5 * 60_000,
  });
}

export function useProjectCategories() {
  return useQuery(projectCategoriesQueryOptions());
}
