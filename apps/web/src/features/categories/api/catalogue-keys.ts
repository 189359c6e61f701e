/**
 * Query keys of the catalogue. A change to it also refreshes what shows categories elsewhere: the
 * projects screen's category filter and list, and the dashboard's top categories.
 */
export const catalogueKeys = {
  all: ['categories'] as const,
  categories: ['categories', 'list'] as const,
  subcategories: ['categories', 'subcategories'] as const,
};

/** Keys (prefixes) refreshed after any catalogue change. */
export const CATALOGUE_DEPENDENTS = [catalogueKeys.all, ['projects'], ['dashboard']] as const;
