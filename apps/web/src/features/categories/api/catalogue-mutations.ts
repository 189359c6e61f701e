import type { Category, CategoryInput, Subcategory, SubcategoryInput } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { CATALOGUE_DEPENDENTS } from './catalogue-keys';

export type CatalogueKind = 'category' | 'subcategory';

const PATHS: Record<CatalogueKind, string> = { category: '/categories/', subcategory: '/subcategories/' };

function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(CATALOGUE_DEPENDENTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export interface SaveCategoryVariables {
  id: number | null;
  values: CategoryInput;
}

/** Creates (id null) or replaces a category. */
export function useSaveCategory() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, values }: SaveCategoryVariables) =>
      apiRequest<Category>(id === null ? PATHS.category : `${PATHS.category}${id}/`, {
        method: id === null ? 'POST' : 'PUT',
        body: values,
      }),
    onSuccess: refresh,
  });
}

export interface SaveSubcategoryVariables {
  id: number | null;
  values: SubcategoryInput;
}

/** Creates (id null) or replaces a subcategory. */
export function useSaveSubcategory() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, values }: SaveSubcategoryVariables) =>
      apiRequest<Subcategory>(id === null ? PATHS.subcategory : `${PATHS.subcategory}${id}/`, {
        method: id === null ? 'POST' : 'PUT',
        body: values,
      }),
    onSuccess: refresh,
  });
}

export interface DeleteEntryVariables {
  kind: CatalogueKind;
  id: number;
  /** Where the projects that use the entry go (required by the server when there are some). */
  moveProjectsTo: number | null;
}

export function useDeleteCatalogueEntry() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ kind, id, moveProjectsTo }: DeleteEntryVariables) =>
      apiRequest<null>(`${PATHS[kind]}${id}/`, {
        method: 'DELETE',
        query: { move_projects_to: moveProjectsTo },
      }),
    onSuccess: refresh,
  });
}
