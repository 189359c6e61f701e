import { Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadingState } from './loading-state';

export const RETRYING_TEXT = 'Échec du chargement, nouvel essai…';

type RetryState = Pick<UseQueryResult, 'failureCount' | 'isFetching'>;

/** True while a failed load is tried again (a 5xx or network failure; 4xx are not retried). */
export function isRetrying(query: RetryState): boolean {
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

interface PendingStateProps {
  /** The load(s) waited for: any of them retried shows 'nouvel essai…'. */
  query: RetryState | readonly RetryState[];
  /** Default 'Chargement...'. */
  label?: string;
}

/**
 * What a screen or dialog shows while its data is not there yet: the spinner, or 'Échec du
 * chargement, nouvel essai…' as soon as a first try failed and the load is tried again (so a failure
 * is never hidden behind a plain spinner).
 */
export function PendingState({ query, label }: PendingStateProps) {
  const queries = ([] as RetryState[]).concat(query);
  return queries.some(isRetrying) ? <RetryingNotice /> : <LoadingState label={label} />;
}
