import { ConversationListQuery } from '@kwanza/contract';
import { defineListParams } from '../../lib/list-params';

export { CONVERSATIONS_PAGE_SIZE } from '@kwanza/contract';

/** The conversation list state in the URL: `?search=&has_unread=&period=&page=`. */
export const CONVERSATION_LIST_PARAMS = defineListParams(
  ConversationListQuery.pick({ page: true, search: true, has_unread: true, period: true }).shape,
);
