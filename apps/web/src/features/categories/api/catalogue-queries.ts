import type { CategoryList, SubcategoryList } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.categories.list,
    queryFn: ({ signal }) => apiRequest<CategoryList>('/categories/', { signal }),
  });
}

export function subcategoriesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.categories.subcategories,
    queryFn: ({ signal }) => apiRequest<SubcategoryList>('/subcategories/', { signal }),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

export function useSubcategories() {
  return useQuery(subcategoriesQueryOptions());
}
