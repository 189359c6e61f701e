import { Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

export const RETRYING_TEXT = 'Échec du chargement, nouvel essai…';

/** True while a failed load is tried again (a 5xx or network failure; 4xx are not retried). */
export function isRetrying(query: Pick<UseQueryResult, 'failureCount' | 'isFetching'>): boolean {
  return query.failureCount > 0 && query.isFetching;
}

/** The data of a query that did not fail: a failed load never shows a previous or a zero result. */
export function loadedData<T>(query: Pick<UseQueryResult<T>, 'isError' | 'data'>): T | undefined {
  return query.isError ? undefined : query.data;
}

/** 'Échec du chargement, nouvel essai…' with a spinner, while a failed load is retried. */
export function RetryingNotice() {
  return (
    <Group justify="center" gap="xs" py="md" role="status" aria-live="polite">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {RETRYING_TEXT}
      </Text>
    </Group>
  );
}
