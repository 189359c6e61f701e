import { ReportListQuery } from '@kwanza/contract';
import { defineListParams } from '../../lib/list-params';

export { REPORTS_PAGE_SIZE } from '@kwanza/contract';

/** The reports list state in the URL: `?search=&status=&type=&page=`. */
export const REPORT_LIST_PARAMS = defineListParams(
  ReportListQuery.pick({ page: true, search: true, status: true, type: true }).shape,
);
