import { BulkVerificationResult } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { VERIFICATION_CHANGE_INVALIDATES } from './verification-changes';
import { verificationFetch } from './verification-request';

export type BulkProviderDecision =
  | { action: 'bulk-approve'; verification_ids: number[]; admin_notes?: string }
  | { action: 'bulk-reject'; verification_ids: number[]; rejection_reason: string; admin_notes?: string };

/** POST /admin/provider-verification/bulk-approve/ or /bulk-reject/ (one transaction on the server). */
export function bulkDecideProviderVerifications(
  decision: BulkProviderDecision,
): Promise<BulkVerificationResult> {
  const { action, ...body } = decision;
  return verificationFetch(`/admin/provider-verification/${action}/`, BulkVerificationResult, {
    method: 'POST',
    body,
  });
}

export function useBulkDecideProviderVerifications() {
  return useMutation({
    mutationFn: bulkDecideProviderVerifications,
    meta: { invalidates: VERIFICATION_CHANGE_INVALIDATES },
  });
}
