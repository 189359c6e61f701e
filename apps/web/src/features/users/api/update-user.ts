import { type UpdateUserInput, User } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { USER_CHANGE_INVALIDATES } from './user-changes';

export interface UpdateUserVariables {
  id: number;
  changes: UpdateUserInput;
}

export function updateUser({ id, changes }: UpdateUserVariables): Promise<User> {
  return apiFetch(`/users/${id}/`, User, { method: 'PATCH', body: changes });
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser, meta: { invalidates: USER_CHANGE_INVALIDATES } });
}
