import { AdminConversationPage, type ConversationListQuery } from '@kwanza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type ConversationListFilters = Partial<ConversationListQuery>;

export function listConversations(
  filters: ConversationListFilters,
  signal?: AbortSignal,
): Promise<AdminConversationPage> {
  return apiFetch('/admin/conversations/', AdminConversationPage, { query: { ...filters }, signal });
}

export function useConversations(filters: ConversationListFilters) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.conversations.list(filters),
      queryFn: ({ signal }) => listConversations(filters, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
