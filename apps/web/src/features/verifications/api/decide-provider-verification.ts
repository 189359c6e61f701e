import { ProviderVerification } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { VERIFICATION_CHANGE_INVALIDATES } from './verification-changes';
import { verificationFetch } from './verification-request';

export type ProviderDecision =
  | { action: 'approve'; id: number; admin_notes?: string }
  | { action: 'reject'; id: number; rejection_reason: string; admin_notes?: string };

/** POST /admin/provider-verification/{id}/approve/ or /reject/. */
export function decideProviderVerification(decision: ProviderDecision): Promise<ProviderVerification> {
  const { action, id, ...body } = decision;
  return verificationFetch(`/admin/provider-verification/${id}/${action}/`, ProviderVerification, {
    method: 'POST',
    body,
  });
}

export function useDecideProviderVerification() {
  return useMutation({
    mutationFn: decideProviderVerification,
    meta: { invalidates: VERIFICATION_CHANGE_INVALIDATES },
  });
}
