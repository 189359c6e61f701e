import { useMutation } from '@tanstack/react-query';
import type { AuditFilters } from '../../../lib/audit';
import { apiDownload, saveDownloadedFile } from '../../../lib/http';

export type AuditExportFilters = Omit<AuditFilters, 'page' | 'page_size'>;

/** GET /admin/audit/export/ with the journal's filters, saved as a file by the browser. */
export async function exportAudit(filters: AuditExportFilters): Promise<void> {
  const file = await apiDownload('/admin/audit/export/', {
    query: { ...filters },
    fallbackFilename: 'journal-audit.csv',
  });
  saveDownloadedFile(file);
}

export function useExportAudit() {
  return useMutation({ mutationFn: exportAudit });
}
