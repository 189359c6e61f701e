import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { formatResultCount } from '../lib/pagination';
import { useLastPageClamp } from '../lib/use-last-page-clamp';
import { ErrorAlert } from './error-alert';
import { LoadingState } from './loading-state';
import { PaginationFooter, type PaginationMode } from './pagination-footer';
import { isRetrying, RetryingNotice } from './query-state';

/** What a list endpoint answers (the contract's `pageOf(...)`). */
export interface ListPageData {
  count: number;
  count_capped?: boolean | undefined;
  results: readonly unknown[];
}

interface ListViewProps<P extends ListPageData> {
  query: UseQueryResult<P>;
  /** The page the URL asks for. */
  page: number;
  pageSize: number;
  onPageChange: (page: number, options?: { replace?: boolean }) => void;
  /** The spec's load error text ('Impossible de charger les projets. Veuillez réessayer.'). */
  errorMessage: string;
  /** Default 'Erreur'. */
  errorTitle?: string;
  /**
   * The load error goes after this long, leaving its 'Réessayer' button (the reports screen: 5 s);
   * by default it stays.
   */
  errorHideAfterMs?: number;
  /** Text of the spinner (default 'Chargement...'). */
  loadingLabel?: string;
  /** Shown when the list is empty: no page range, no pager. */
  empty: ReactNode;
  /**
   * The spec's pagers: a sliding window of 4 pages (default), the providers' ellipsis rule, or
   * 'Page X sur Y' with Précédent / Suivant only when there is more than one page (reports).
   */
  pagination?: PaginationMode;
  /** The rows of a loaded, non-empty page. */
  children: (data: P) => ReactNode;
}

/** True from a failed load until `hideAfterMs` later (always true without `hideAfterMs`). */
function useErrorShown(isError: boolean, errorUpdatedAt: number, hideAfterMs: number | undefined): boolean {
  const [expired, setExpired] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new failure (errorUpdatedAt) shows it again
  useEffect(() => {
    setExpired(false);
    if (!isError || hideAfterMs === undefined) return;
    const timer = setTimeout(() => setExpired(true), hideAfterMs);
    return () => clearTimeout(timer);
  }, [isError, errorUpdatedAt, hideAfterMs]);
  return isError && !expired;
}

/**
 * The body of every list screen: loading, retrying ('nouvel essai…'), the load error (never a zero
 * count or an empty text), the empty state (without 'Affichage de 0 à 0' nor pager), the rows and the
 * pagination footer. A page past the end (rows removed meanwhile, an old link) moves to the last page.
 * A polite live region says how many results the list found each time that changes.
 */
export function ListView<P extends ListPageData>({
  query,
  page,
  pageSize,
  onPageChange,
  errorMessage,
  errorTitle,
  errorHideAfterMs,
  loadingLabel,
  empty,
  pagination = 'window',
  children,
}: ListViewProps<P>) {
  const data = query.isError ? undefined : query.data;
  const errorShown = useErrorShown(query.isError, query.errorUpdatedAt, errorHideAfterMs);
  const pastTheEnd = useLastPageClamp({
    page,
    total: data?.count,
    pageSize,
    settled: Boolean(data) && !query.isPlaceholderData,
    goToPage: (last) => onPageChange(last, { replace: true }),
  });

  const settled = !query.isError && !isRetrying(query) && data !== undefined && !pastTheEnd;
  return (
    <>
      {/* Present from the start, so that what a filter or a page change found is announced. */}
      <VisuallyHidden role="status" aria-live="polite" data-testid="list-result-count">
        {settled ? formatResultCount(data.count, data.count_capped) : ''}
      </VisuallyHidden>
      <ListBody
        query={query}
        data={data}
        pastTheEnd={pastTheEnd}
        page={page}
        pageSize={pageSize}
        onPageChange={onPageChange}
        errorMessage={errorMessage}
        errorTitle={errorTitle}
        errorShown={errorShown}
        loadingLabel={loadingLabel}
        empty={empty}
        pagination={pagination}
      >
        {children}
      </ListBody>
    </>
  );
}

function ListBody<P extends ListPageData>({
  query,
  data,
  pastTheEnd,
  page,
  pageSize,
  onPageChange,
  errorMessage,
  errorTitle,
  errorShown,
  loadingLabel,
  empty,
  pagination,
  children,
}: ListViewProps<P> & { data: P | undefined; pastTheEnd: boolean; errorShown: boolean }) {
  if (query.isError) {
    const retry = () => void query.refetch();
    if (query.isFetching) return <RetryingNotice />;
    return errorShown ? (
      <ErrorAlert title={errorTitle} message={errorMessage} onRetry={retry} />
    ) : (
      <Group justify="center" py="md">
        <Button variant="default" onClick={retry}>
          Réessayer
        </Button>
      </Group>
    );
  }
  if (isRetrying(query)) return <RetryingNotice />;
  if (!data || pastTheEnd) return <LoadingState label={loadingLabel} />;
  if (data.results.length === 0) return <>{empty}</>;
  return (
    <>
      {children(data)}
      <PaginationFooter
        mode={pagination}
        page={page}
        pageSize={pageSize}
        total={data.count}
        capped={data.count_capped}
        onPageChange={(next) => onPageChange(next)}
      />
      {query.isFetching ? (
        <Group justify="center" mt="xs">
          <Text size="xs" c="dimmed" role="status">
            Mise à jour...
          </Text>
        </Group>
      ) : null}
    </>
  );
}
