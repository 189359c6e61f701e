import { NotificationListQuery } from '@kwanza/contract';
import { defineListParams } from '../../lib/list-params';

export { NOTIFICATIONS_PAGE_SIZE } from '@kwanza/contract';

/** The notification list state in the URL: `?search=&notification_type=&is_read=&period=&page=`. */
export const NOTIFICATION_LIST_PARAMS = defineListParams(
  NotificationListQuery.pick({
    page: true,
    search: true,
    notification_type: true,
    is_read: true,
    period: true,
  }).shape,
);
