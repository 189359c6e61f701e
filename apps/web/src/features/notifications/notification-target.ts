import type { Notification } from '@kwanza/contract';

/**
 * Where a click on a notification of the bell leads, by its related object: a dispute or a project
 * to its detail, a provider verification to the verifications, a user to the users, anything else to
 * the notifications screen.
 */
export function notificationTarget(
  notification: Pick<Notification, 'related_object_type' | 'related_object_id'>,
): string {
  const id = notification.related_object_id;
  switch (notification.related_object_type) {
    case 'dispute':
      return id === null ? '/disputes' : `/disputes/${id}`;
    case 'project':
      return id === null ? '/projects' : `/projects/${id}`;
    case 'provider_verification':
      return '/user-verification';
    case 'user':
      return '/users';
    default:
      return '/notifications';
  }
}
