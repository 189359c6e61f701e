import { queryKeys } from '../../../lib/query-keys';

/** A user change also shows on the providers screen (verified flag, deleted providers) and the dashboard. */
export const USER_CHANGE_INVALIDATES = [
  queryKeys.users.all,
  queryKeys.providers.all,
  queryKeys.dashboard.all,
];
