import { type AdminLoginBody, AdminLoginResponse } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { ADMIN_LOGIN_PATH, ApiError, apiFetch } from '../../../lib/http';
import { writeSession } from '../../../lib/session';

export function adminLogin(body: AdminLoginBody): Promise<AdminLoginResponse> {
  return apiFetch(ADMIN_LOGIN_PATH, AdminLoginResponse, { method: 'POST', body, auth: false });
}

/** The message of the login error box. */
export function describeLoginError(error: unknown): string {
  if (error instanceof ApiError) return error.serverDetail ?? 'Une erreur est survenue lors de la connexion';
  return 'Une erreur est survenue. Veuillez réessayer.';
}

/** Logs in and stores the session (token and user); the /login guard then opens the console. */
export function useAdminLogin() {
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (response) => writeSession({ access: response.access, user: response.user }),
  });
}
