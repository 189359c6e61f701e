import type { CategoryList, SubcategoryList } from '@kwanza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { catalogueKeys } from './catalogue-keys';

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.categories,
    queryFn: ({ signal }) => apiRequest<CategoryList>('/categories/', { signal }),
  });
}

export function subcategoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.subcategories,
    queryFn: ({ signal }) => apiRequest<SubcategoryList>('/subcategories/', { signal }),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

export function useSubcategories() {
  return useQuery(subcategoriesQueryOptions());
}
