import type { QueryKey } from '@tanstack/react-query';

/**
 * Every query key of the console, in one place. A key starts with its domain, so invalidating
 * `queryKeys.users.all` refreshes every users query. Mutations say what they change with
 * `meta: { invalidates: [...] }`; one MutationCache handler (lib/query-client) invalidates it.
 */
export const queryKeys = {
  users: {
    all: ['users'] as const,
    list: (filters: object) => ['users', 'list', filters] as const,
  },
  providers: {
    all: ['providers'] as const,
    list: (filters: object) => ['providers', 'list', filters] as const,
  },
  projects: {
    all: ['projects'] as const,
    list: (filters: object) => ['projects', 'list', filters] as const,
    stats: ['projects', 'stats'] as const,
    statsFallback: (search: string | undefined) => ['projects', 'stats-fallback', search ?? ''] as const,
    categories: ['projects', 'categories'] as const,
    detail: (id: string) => ['projects', 'detail', id] as const,
    offers: (id: string) => ['projects', 'offers', id] as const,
  },
  verifications: {
    all: ['verifications'] as const,
    providerList: (filters: object) => ['verifications', 'providers', 'list', filters] as const,
    providerStatistics: ['verifications', 'providers', 'statistics'] as const,
    providerDetail: (id: number) => ['verifications', 'providers', 'detail', id] as const,
    clientList: (filters: object) => ['verifications', 'clients', 'list', filters] as const,
    clientStats: ['verifications', 'clients', 'stats'] as const,
    clientDetail: (id: number) => ['verifications', 'clients', 'detail', id] as const,
  },
  disputes: {
    all: ['disputes'] as const,
    list: (filters: object) => ['disputes', 'list', filters] as const,
    detail: (id: string) => ['disputes', 'detail', id] as const,
    stats: ['disputes', 'stats'] as const,
  },
  reports: {
    all: ['reports'] as const,
    list: (filters: object) => ['reports', 'list', filters] as const,
  },
  conversations: {
    all: ['conversations'] as const,
    list: (filters: object) => ['conversations', 'list', filters] as const,
    stats: ['conversations', 'stats'] as const,
    detail: (id: string) => ['conversations', 'detail', id] as const,
    messages: (id: string) => ['conversations', 'messages', id] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    stats: ['dashboard', 'stats'] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: (filters: object) => ['notifications', 'list', filters] as const,
    stats: ['notifications', 'stats'] as const,
    /** The header bell (the signed-in admin's own notifications). */
    feed: ['notifications', 'feed'] as const,
    audience: ['notifications', 'audience'] as const,
    recipients: (search: string) => ['notifications', 'recipients', search] as const,
  },
  account: {
    all: ['account'] as const,
    /** GET /api/auth/me/: the signed-in admin's profile and saved preferences. */
    profile: ['account', 'profile'] as const,
  },
  audit: {
    all: ['audit'] as const,
    list: (filters: object) => ['audit', 'list', filters] as const,
    detail: (id: number) => ['audit', 'detail', id] as const,
    admins: ['audit', 'admins'] as const,
  },
  categories: {
    all: ['categories'] as const,
    list: ['categories', 'list'] as const,
    subcategories: ['categories', 'subcategories'] as const,
  },
} as const;

/** What a mutation declares in its `meta`: the queries its success makes stale. */
export interface InvalidatingMeta extends Record<string, unknown> {
  invalidates?: readonly QueryKey[];
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: InvalidatingMeta;
  }
}
