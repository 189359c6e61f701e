import { AuditListQuery, RowId } from '@kwanza/contract';
import { defineListParams } from '../../lib/list-params';

export { AUDIT_PAGE_SIZE } from '@kwanza/contract';

/**
 * The journal's state in the URL: `?search=&admin=&action=&object_type=&object_id=&date_from=&date_to=`,
 * the page, then the open entry (`&entry=<id>`, which keeps the page).
 */
export const AUDIT_LIST_PARAMS = defineListParams(
  {
    ...AuditListQuery.pick({
      search: true,
      admin: true,
      action: true,
      object_type: true,
      object_id: true,
      date_from: true,
      date_to: true,
      page: true,
    }).shape,
    entry: RowId.nullable().default(null),
  },
  { details: ['entry'] },
);
