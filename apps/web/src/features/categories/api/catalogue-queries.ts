import { CategoryList, SubcategoryList } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.categories.list,
    queryFn: ({ signal }) => apiFetch('/categories/', CategoryList, { signal }),
  });
}

export function subcategoriesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.categories.subcategories,
    queryFn: ({ signal }) => apiFetch('/subcategories/', SubcategoryList, { signal }),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

export function useSubcategories() {
  return useQuery(subcategoriesQueryOptions());
}
