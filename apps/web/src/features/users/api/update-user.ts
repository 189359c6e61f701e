import type { UpdateUserInput, User } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { invalidateUserLists } from './invalidate-user-lists';

export interface UpdateUserVariables {
  id: number;
  changes: UpdateUserInput;
}

export function updateUser({ id, changes }: UpdateUserVariables): Promise<User> {
  return apiRequest<User>(`/users/${id}/`, { method: 'PATCH', body: changes });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => invalidateUserLists(queryClient),
  });
}
