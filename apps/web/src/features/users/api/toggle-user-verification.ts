import type { User } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { invalidateUserLists } from './invalidate-user-lists';

export function toggleUserVerification(id: number): Promise<User> {
  return apiRequest<User>(`/users/${id}/toggle_verification/`, { method: 'PATCH' });
}

export function useToggleUserVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleUserVerification,
    onSuccess: () => invalidateUserLists(queryClient),
  });
}
