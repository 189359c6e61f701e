import type { AdminPreferences, NotificationType } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readAdminPreferences } from '../auth/admin-preferences.repository.js';

/*
 * Which notification types the header bell leaves out for an admin, from their notification
 * preferences (Paramètres › Notifications): new messages, new disputes, status updates.
 */

export type FeedPreferences = Pick<
  AdminPreferences['notifications'],
  'new_messages' | 'new_disputes' | 'status_updates'
>;

const TYPES_OF: Record<keyof FeedPreferences, readonly NotificationType[]> = {
  new_messages: ['message', 'new_message'],
  new_disputes: ['dispute', 'new_dispute'],
  status_updates: [
    'verification_approved',
    'verification_rejected',
    'quote_accepted',
    'quote_rejected',
    'quote_completed',
    'offer_accepted',
    'offer_rejected',
  ],
};

/** The types the bell hides for these preferences (those of every switched-off preference). */
export function typesHiddenBy(preferences: FeedPreferences): NotificationType[] {
  return (Object.keys(TYPES_OF) as (keyof FeedPreferences)[])
    .filter((preference) => !preferences[preference])
    .flatMap((preference) => TYPES_OF[preference]);
}

/** The types hidden from one admin's bell, from their saved preferences (or the defaults). */
export async function hiddenFeedTypes(db: Kysely<Database>, adminId: number): Promise<NotificationType[]> {
  return typesHiddenBy((await readAdminPreferences(db, adminId)).notifications);
}
