import { Report, type UpdateReportStatusBody } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function updateReportStatus(id: number, body: UpdateReportStatusBody): Promise<Report> {
  return apiFetch(`/reports/${id}/update_status/`, Report, { method: 'POST', body });
}

/** Saves status and notes; the reports lists reload with the saved row. */
export function useUpdateReportStatus() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateReportStatusBody }) => updateReportStatus(id, body),
    meta: { invalidates: [queryKeys.reports.all] },
  });
}
