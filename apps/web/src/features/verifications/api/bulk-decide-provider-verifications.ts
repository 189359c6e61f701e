import type { BulkVerificationResult } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateVerifications } from './invalidate-verifications';
import { verificationRequest } from './verification-request';

export type BulkProviderDecision =
  | { action: 'bulk-approve'; verification_ids: number[]; admin_notes?: string }
  | { action: 'bulk-reject'; verification_ids: number[]; rejection_reason: string; admin_notes?: string };

/** POST /admin/provider-verification/bulk-approve/ or /bulk-reject/ (one transaction on the server). */
export function bulkDecideProviderVerifications(
  decision: BulkProviderDecision,
): Promise<BulkVerificationResult> {
  const { action, ...body } = decision;
  return verificationRequest<BulkVerificationResult>(`/admin/provider-verification/${action}/`, {
    method: 'POST',
    body,
  });
}

export function useBulkDecideProviderVerifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDecideProviderVerifications,
    onSuccess: () => invalidateVerifications(queryClient),
  });
}
