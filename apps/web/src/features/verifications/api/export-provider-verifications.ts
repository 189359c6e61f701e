import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveDownloadedFile } from '../../../lib/http';
import { readAccessToken } from '../../../lib/session';
import type { ProviderVerificationListParams } from './verification-keys';
import { MISSING_TOKEN_MESSAGE } from './verification-request';

export type ProviderVerificationExportFilters = Omit<ProviderVerificationListParams, 'page' | 'page_size'>;

/** GET /admin/provider-verification/export/ with the list's filters, saved as a file by the browser. */
export async function exportProviderVerifications(filters: ProviderVerificationExportFilters): Promise<void> {
  if (!readAccessToken()) throw new Error(MISSING_TOKEN_MESSAGE);
  const file = await apiDownload('/admin/provider-verification/export/', {
    query: { format: 'csv', ...filters },
    fallbackFilename: 'verifications-prestataires.csv',
  });
  saveDownloadedFile(file);
}

export function useExportProviderVerifications() {
  return useMutation({ mutationFn: exportProviderVerifications });
}
