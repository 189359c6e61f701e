import {
  BroadcastAudience,
  type BroadcastNotificationBody,
  BroadcastResult,
  Notification,
  type SendNotificationBody,
  UserSearchResult,
} from '@kwanza/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function sendNotification(body: SendNotificationBody): Promise<Notification> {
  return apiFetch('/admin/notifications/send/', Notification, { method: 'POST', body });
}

export function broadcastNotification(body: BroadcastNotificationBody): Promise<BroadcastResult> {
  return apiFetch('/admin/broadcast/notifications', BroadcastResult, { method: 'POST', body });
}

export function getBroadcastAudience(signal?: AbortSignal): Promise<BroadcastAudience> {
  return apiFetch('/admin/broadcast/audience/', BroadcastAudience, { signal });
}

/** The spec: the users search answers a page (`results`) or a plain list. */
const RecipientSearchAnswer = z
  .union([z.object({ results: z.array(UserSearchResult) }), z.array(UserSearchResult)])
  .transform((answer) => (Array.isArray(answer) ? answer : answer.results));

/** The users whose name or e-mail matches, for the recipient search (GET /users/ with search only). */
export function searchRecipients(search: string, signal?: AbortSignal): Promise<UserSearchResult[]> {
  return apiFetch('/users/', RecipientSearchAnswer, { query: { search }, signal });
}

export function useSendNotification() {
  return useMutation({
    mutationFn: sendNotification,
    meta: { invalidates: [queryKeys.notifications.all] },
  });
}

export function useBroadcastNotification() {
  return useMutation({
    mutationFn: broadcastNotification,
    meta: { invalidates: [queryKeys.notifications.all] },
  });
}

/** How many users a broadcast reaches, asked when the confirmation is about to open. */
export function useBroadcastAudience(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.audience,
    queryFn: ({ signal }) => getBroadcastAudience(signal),
    enabled,
    staleTime: 0,
  });
}

/** Runs only for a non-empty search (the spec). */
export function useRecipientSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: queryKeys.notifications.recipients(term),
    queryFn: ({ signal }) => searchRecipients(term, signal),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
}
