import { UserListQuery } from '@kwanza/contract';
import { defineListParams } from '../../lib/list-params';

export { USERS_PAGE_SIZE } from '@kwanza/contract';

/** The users list state in the URL: `?search=&role=&verification_status=&page=`. */
export const USER_LIST_PARAMS = defineListParams(
  UserListQuery.pick({ page: true, search: true, role: true, verification_status: true }).shape,
);
