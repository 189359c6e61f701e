import { type ReportListQuery, ReportPage } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type ReportListFilters = Partial<ReportListQuery>;

export function listReports(filters: ReportListFilters, signal?: AbortSignal): Promise<ReportPage> {
  return apiFetch('/reports/', ReportPage, { query: { ...filters }, signal });
}

export function useReports(filters: ReportListFilters) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.reports.list(filters),
      queryFn: ({ signal }) => listReports(filters, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
