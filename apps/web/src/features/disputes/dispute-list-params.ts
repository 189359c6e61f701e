import { DisputeListQuery } from '@kwanza/contract';
import { defineListParams } from '../../lib/list-params';

export { DISPUTES_PAGE_SIZE } from '@kwanza/contract';

/** The disputes list state in the URL: `?search=&status=&page=`. */
export const DISPUTE_LIST_PARAMS = defineListParams(
  DisputeListQuery.pick({ page: true, search: true, status: true }).shape,
);
