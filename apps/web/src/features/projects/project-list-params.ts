import { PROJECTS_PAGE_SIZE, ProjectListQuery } from '@kwanza/contract';
import { defineListParams } from '../../lib/list-params';

export { PROJECTS_PAGE_SIZE };

/** The projects list state in the URL: `?search=&status=&category=&client=&page=` (client: links from other screens). */
export const PROJECT_LIST_PARAMS = defineListParams(
  ProjectListQuery.pick({ page: true, search: true, status: true, category: true, client: true }).shape,
);
