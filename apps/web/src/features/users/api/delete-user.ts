import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { invalidateUserLists } from './invalidate-user-lists';

export function deleteUser(id: number): Promise<void> {
  return apiRequest<void>(`/users/${id}/`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => invalidateUserLists(queryClient),
  });
}
