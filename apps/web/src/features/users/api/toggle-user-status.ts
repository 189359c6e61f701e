import type { User } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { invalidateUserLists } from './invalidate-user-lists';

export function toggleUserStatus(id: number): Promise<User> {
  return apiRequest<User>(`/users/${id}/toggle_status/`, { method: 'PATCH' });
}

export function useToggleUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleUserStatus,
    onSuccess: () => invalidateUserLists(queryClient),
  });
}
