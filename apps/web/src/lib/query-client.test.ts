import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError, UnexpectedResponseError } from './http';
import { createQueryClient, shouldRetryQuery } from './query-client';
import { queryKeys } from './query-keys';

describe('shouldRetryQuery', () => {
  it('never retries a 4xx or an answer of the wrong shape, retries a 5xx or network failure once', () => {
    expect(shouldRetryQuery(0, new ApiError(404, { detail: 'x' }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(409, { detail: 'x' }))).toBe(false);
    expect(shouldRetryQuery(0, new UnexpectedResponseError('/users/', []))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(503, { detail: 'x' }))).toBe(true);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(1, new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('mutation meta.invalidates', () => {
  it('makes the named queries stale once the mutation succeeds, and only those', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.users.list({ page: 1 }), 'users');
    queryClient.setQueryData(queryKeys.projects.stats, 'stats');
    const observer = new QueryObserver(queryClient, { queryKey: queryKeys.users.list({ page: 1 }) });
    observer.subscribe(() => undefined);
    const mutation = new MutationObserver(queryClient, {
      mutationFn: async () => 'done',
      meta: { invalidates: [queryKeys.users.all] },
    });
    await mutation.mutate();
    expect(queryClient.getQueryState(queryKeys.users.list({ page: 1 }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.projects.stats)?.isInvalidated).toBe(false);
  });

  it('makes the audit journal stale after any successful mutation (every write is recorded)', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.audit.list({ object_type: 'project', object_id: 3 }), 'history');
    const failing = new MutationObserver(queryClient, {
      mutationFn: async () => {
        throw new Error('refusé');
      },
    });
    await failing.mutate().catch(() => undefined);
    expect(
      queryClient.getQueryState(queryKeys.audit.list({ object_type: 'project', object_id: 3 }))
        ?.isInvalidated,
    ).toBe(false);
    await new MutationObserver(queryClient, { mutationFn: async () => 'done' }).mutate();
    expect(
      queryClient.getQueryState(queryKeys.audit.list({ object_type: 'project', object_id: 3 }))
        ?.isInvalidated,
    ).toBe(true);
  });
});
