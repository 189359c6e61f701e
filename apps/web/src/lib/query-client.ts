import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, UnexpectedResponseError } from './http';
import { queryKeys } from './query-keys';

/**
 * A 4xx answer or an answer of the wrong shape will not change on a second try: it fails at once.
 * Network and 5xx failures get one retry (the list shows 'nouvel essai…' meanwhile).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof UnexpectedResponseError) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // A mutation's success makes stale what its `meta.invalidates` names; the mutation settles once
    // those queries have been refetched. Every write is recorded in the audit journal, so the
    // journal's queries (the /audit screen, the 'Historique' sections) are made stale too.
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        // Not awaited: the journal refreshes in the background, the mutation does not wait for it.
        void queryClient.invalidateQueries({ queryKey: queryKeys.audit.all });
        return Promise.all(
          (mutation.meta?.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
  return queryClient;
}
