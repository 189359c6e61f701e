import { User } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { USER_CHANGE_INVALIDATES } from './user-changes';

export function toggleUserStatus(id: number): Promise<User> {
  return apiFetch(`/users/${id}/toggle_status/`, User, { method: 'PATCH' });
}

export function useToggleUserStatus() {
  return useMutation({ mutationFn: toggleUserStatus, meta: { invalidates: USER_CHANGE_INVALIDATES } });
}
