import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { USER_CHANGE_INVALIDATES } from './user-changes';

export function deleteUser(id: number): Promise<void> {
  return apiRequest<void>(`/users/${id}/`, { method: 'DELETE' });
}

export function useDeleteUser() {
  return useMutation({ mutationFn: deleteUser, meta: { invalidates: USER_CHANGE_INVALIDATES } });
}
