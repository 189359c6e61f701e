import type { QueryClient } from '@tanstack/react-query';
import { USERS_QUERY_KEY } from './list-users';

/**
 * A user change also shows on the providers screen (verified flag, deleted providers): both lists are
 * refreshed. The providers key is a plain string, the feature itself is not imported.
 */
export function invalidateUserLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['providers'] }),
  ]).then(() => undefined);
}
