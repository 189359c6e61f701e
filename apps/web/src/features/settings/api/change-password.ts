import { type ChangePasswordBody, ChangePasswordResponse } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';

export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return apiFetch('/auth/me/password/', ChangePasswordResponse, { method: 'POST', body });
}

/** Changes the password: this session keeps working, the admin's other sessions end. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
