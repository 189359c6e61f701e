import { queryKeys } from '../../../lib/query-keys';

/**
 * After any verification action: lists, badges, stat cards and details reload, and so do the
 * screens that show a user's verification state (users, providers, dashboard).
 */
export const VERIFICATION_CHANGE_INVALIDATES = [
  queryKeys.verifications.all,
  queryKeys.users.all,
  queryKeys.providers.all,
  queryKeys.dashboard.all,
];
