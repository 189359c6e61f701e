import { User } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { USER_CHANGE_INVALIDATES } from './user-changes';

export function toggleUserVerification(id: number): Promise<User> {
  return apiFetch(`/users/${id}/toggle_verification/`, User, { method: 'PATCH' });
}

export function useToggleUserVerification() {
  return useMutation({
    mutationFn: toggleUserVerification,
    meta: { invalidates: USER_CHANGE_INVALIDATES },
  });
}
