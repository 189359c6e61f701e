import type { ProjectStatus } from '@kwanza/contract';

export interface ProjectListParams {
  page: number;
  page_size: number;
  search?: string | undefined;
  status?: ProjectStatus | undefined;
  category?: number | undefined;
  client?: number | undefined;
}

/** Query keys of the projects feature; everything under ['projects'] is invalidated by a change. */
export const projectKeys = {
  all: ['projects'] as const,
  list: (params: ProjectListParams) => ['projects', 'list', params] as const,
  stats: ['projects', 'stats'] as const,
  statsFallback: (search: string | undefined) => ['projects', 'stats-fallback', search ?? ''] as const,
  categories: ['projects', 'categories'] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  offers: (id: string) => ['projects', 'offers', id] as const,
};
