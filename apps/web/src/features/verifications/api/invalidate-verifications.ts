import type { QueryClient } from '@tanstack/react-query';
import { verificationKeys } from './verification-keys';

/**
 * After any verification action: lists, badges, stat cards and details reload, and so do the
 * screens that show a user's verification state (users, providers, dashboard).
 */
export function invalidateVerifications(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
    queryClient.invalidateQueries({ queryKey: ['providers'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
