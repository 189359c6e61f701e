import { Notification, NotificationBulkResult } from '@kwanza/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/* Read marks and deletions; every notification view (list, counters, bell) reloads after each. */

const invalidates = [queryKeys.notifications.all];

export function markNotificationRead(id: number): Promise<Notification> {
  return apiFetch(`/admin/notifications/${id}/mark_read/`, Notification, { method: 'PATCH' });
}

export function deleteNotification(id: number): Promise<void> {
  return apiRequest<void>(`/admin/notifications/${id}/`, { method: 'DELETE' });
}

export function bulkMarkNotificationsRead(ids: readonly number[]): Promise<NotificationBulkResult> {
  return apiFetch('/admin/notifications/bulk_mark_read/', NotificationBulkResult, {
    method: 'POST',
    body: { notification_ids: ids },
  });
}

export function bulkDeleteNotifications(ids: readonly number[]): Promise<NotificationBulkResult> {
  return apiFetch('/admin/notifications/bulk_delete/', NotificationBulkResult, {
    method: 'POST',
    body: { notification_ids: ids },
  });
}

/** Marks every notification of the signed-in admin read (the bell's 'Tout marquer comme lu'). */
export function markAllMyNotificationsRead(): Promise<NotificationBulkResult> {
  return apiFetch('/admin/notifications/mark_all_read/', NotificationBulkResult, { method: 'POST' });
}

export function useMarkNotificationRead() {
  return useMutation({ mutationFn: markNotificationRead, meta: { invalidates } });
}

export function useDeleteNotification() {
  return useMutation({ mutationFn: deleteNotification, meta: { invalidates } });
}

export function useBulkMarkNotificationsRead() {
  return useMutation({ mutationFn: bulkMarkNotificationsRead, meta: { invalidates } });
}

export function useBulkDeleteNotifications() {
  return useMutation({ mutationFn: bulkDeleteNotifications, meta: { invalidates } });
}

export function useMarkAllMyNotificationsRead() {
  return useMutation({ mutationFn: markAllMyNotificationsRead, meta: { invalidates } });
}
