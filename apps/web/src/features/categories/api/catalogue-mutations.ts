import { Category, type CategoryInput, Subcategory, type SubcategoryInput } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type CatalogueKind = 'category' | 'subcategory';

const PATHS: Record<CatalogueKind, string> = { category: '/categories/', subcategory: '/subcategories/' };

/**
 * A catalogue change also shows where categories appear elsewhere: the projects screen's filter and
 * list, and the dashboard's top categories.
 */
const CATALOGUE_CHANGE = {
  invalidates: [queryKeys.categories.all, queryKeys.projects.all, queryKeys.dashboard.all],
};

export interface SaveCategoryVariables {
  id: number | null;
  values: CategoryInput;
}

/** Creates (id null) or replaces a category. */
export function useSaveCategory() {
  return useMutation({
    mutationFn: ({ id, values }: SaveCategoryVariables) =>
      apiFetch(id === null ? PATHS.category : `${PATHS.category}${id}/`, Category, {
        method: id === null ? 'POST' : 'PUT',
        body: values,
      }),
    meta: CATALOGUE_CHANGE,
  });
}

export interface SaveSubcategoryVariables {
  id: number | null;
  values: SubcategoryInput;
}

/** Creates (id null) or replaces a subcategory. */
export function useSaveSubcategory() {
  return useMutation({
    mutationFn: ({ id, values }: SaveSubcategoryVariables) =>
      apiFetch(id === null ? PATHS.subcategory : `${PATHS.subcategory}${id}/`, Subcategory, {
        method: id === null ? 'POST' : 'PUT',
        body: values,
      }),
    meta: CATALOGUE_CHANGE,
  });
}

export interface DeleteEntryVariables {
  kind: CatalogueKind;
  id: number;
  /** Where the projects that use the entry go (required by the server when there are some). */
  moveProjectsTo: number | null;
}

export function useDeleteCatalogueEntry() {
  return useMutation({
    mutationFn: ({ kind, id, moveProjectsTo }: DeleteEntryVariables) =>
      apiRequest<void>(`${PATHS[kind]}${id}/`, {
        method: 'DELETE',
        query: { move_projects_to: moveProjectsTo },
      }),
    meta: CATALOGUE_CHANGE,
  });
}
