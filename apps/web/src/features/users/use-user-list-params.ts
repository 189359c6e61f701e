import { UserRole, UserVerificationStatus } from '@kwanza/contract';
import { useCallback, useMemo } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

export const USERS_PAGE_SIZE = 10;

export interface UserListParams {
  page: number;
  search: string;
  role: UserRole | '';
  verification: UserVerificationStatus | '';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Reads the users list state from URL parameters; unknown values fall back to "all". */
export function parseUserListParams(params: URLSearchParams): UserListParams {
  const role = UserRole.safeParse(params.get('role'));
  const verification = UserVerificationStatus.safeParse(params.get('verification_status'));
  return {
    page: readPage(params.get('page')),
    search: params.get('search')?.trim() ?? '',
    role: role.success ? role.data : '',
    verification: verification.success ? verification.data : '',
  };
}

/** Writes the list state back, leaving out defaults so links stay short. */
export function toUserListSearch(state: UserListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.role) params.set('role', state.role);
  if (state.verification) params.set('verification_status', state.verification);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The users list state (filters and page) kept in the URL, so reloads and shared links show the same list. */
export function useUserListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseUserListParams(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<UserListParams>, options?: NavigateOptions) => {
      setSearchParams(
        (current) => toUserListSearch({ ...parseUserListParams(current), ...changes }),
        options,
      );
    },
    [setSearchParams],
  );
  return [state, update] as const;
}
