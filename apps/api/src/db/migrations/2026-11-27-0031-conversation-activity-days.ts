import type { sql } from 'kysely';
import {
  installConversationActivityDays,
  removeConversationActivityDays,
} from './support/conversation-activity-days.js';

/*
 * Frozen in time: no application imports.
 *
 * The conversations by day of last activity, read or not (list_counters 'conversations_day', see
 * support/conversation-activity-days.ts): a list period's count reads whole days from them and
 * counts only its first day through the index.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

export async function up(db: AnyDb): Promise<void> {
  await installConversationActivityDays(db);
}

export async function down(db: AnyDb): Promise<void> {
  await removeConversationActivityDays(db);
}
