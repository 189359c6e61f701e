import { ClientVerification } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { VERIFICATION_CHANGE_INVALIDATES } from './verification-changes';
import { verificationFetch } from './verification-request';

export type ClientDecision =
  | { action: 'approve'; id: number; admin_notes?: string }
  | { action: 'reject'; id: number; rejection_reason: string; admin_notes?: string }
  | { action: 'reset'; id: number };

/** POST /admin/client-verification/{id}/approve/, /reject/ or /reset/ (reset has no body). */
export function decideClientVerification(decision: ClientDecision): Promise<ClientVerification> {
  const { action, id, ...body } = decision;
  return verificationFetch(`/admin/client-verification/${id}/${action}/`, ClientVerification, {
    method: 'POST',
    ...(action === 'reset' ? {} : { body }),
  });
}

export function useDecideClientVerification() {
  return useMutation({
    mutationFn: decideClientVerification,
    meta: { invalidates: VERIFICATION_CHANGE_INVALIDATES },
  });
}
