import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import { sqliteConnectionOf } from './database.js';
import * as initialSchema from './migrations/2026-11-21-0001-initial-schema.js';
import * as userVerificationStatus from './migrations/2026-11-21-0002-user-verification-status.js';
import * as documentKeyIndexes from './migrations/2026-11-21-0003-document-key-indexes.js';
import * as sessionsThrottleLimits from './migrations/2026-11-22-0001-sessions-throttle-limits.js';
import * as countersAndSearch from './migrations/2026-11-23-0001-counters-and-search.js';
import * as catalogue from './migrations/2026-11-23-0002-catalogue.js';
import * as disputeHistory from './migrations/2026-11-23-0004-dispute-history.js';
import * as conversationSummaries from './migrations/2026-11-23-0006-conversation-summaries.js';
import * as notificationInbox from './migrations/2026-11-24-0010-notification-inbox.js';
import * as adminPreferences from './migrations/2026-11-24-0014-admin-preferences.js';
import * as auditJournal from './migrations/2026-11-24-0017-audit-journal.js';
import * as wordStartSearch from './migrations/2026-11-25-0018-word-start-search.js';
import * as processedVerificationsIndex from './migrations/2026-11-25-0019-processed-verifications-index.js';
import * as providerOrderCovering from './migrations/2026-11-25-0020-provider-order-covering.js';
import * as partySearch from './migrations/2026-11-25-0021-party-search.js';
import * as counterRollups from './migrations/2026-11-26-0022-counter-rollups.js';
import * as verificationDayRollups from './migrations/2026-11-26-0023-verification-day-rollups.js';
import * as redundantIndexes from './migrations/2026-11-26-0024-redundant-indexes.js';
import * as verificationUserOrder from './migrations/2026-11-26-0025-verification-user-order.js';
import * as providerPhoneSearch from './migrations/2026-11-26-0026-provider-phone-search.js';
import * as verificationProviderSearch from './migrations/2026-11-26-0027-verification-provider-search.js';
import * as clientVerificationSearch from './migrations/2026-11-27-0028-client-verification-search.js';
import * as verificationOrderCovering from './migrations/2026-11-27-0029-verification-order-covering.js';
import * as liveOwnerOrder from './migrations/2026-11-27-0030-live-owner-order.js';
import * as conversationActivityDays from './migrations/2026-11-27-0031-conversation-activity-days.js';
import * as textIndexSegments from './migrations/2026-11-27-0032-text-index-segments.js';
import * as auditSearchPendingList from './migrations/2026-11-27-0033-audit-search-pending-list.js';
import * as dayRollups from './migrations/2026-11-27-0034-day-rollups.js';
import * as usersRoleIndexes from './migrations/2026-11-27-0035-users-role-indexes.js';
import * as verificationDayPages from './migrations/2026-11-27-0036-verification-day-pages.js';
import * as notificationDayPages from './migrations/2026-11-27-0037-notification-day-pages.js';
import * as journalIndexBackgroundMerges from './migrations/2026-11-27-0038-journal-index-background-merges.js';
import * as twoFilterOrderIndexes from './migrations/2026-11-28-0039-two-filter-order-indexes.js';
import * as searchTextStatistics from './migrations/2026-11-28-0040-search-text-statistics.js';
import * as auditEntryHours from './migrations/2026-11-29-0041-audit-entry-hours.js';
import * as journalSearchStatistics from './migrations/2026-11-29-0042-journal-search-statistics.js';
import * as journalIndexAutomergeAfterSeed from './migrations/2026-11-29-0043-journal-index-automerge-after-seed.js';
import * as verificationStatusSearchCovering from './migrations/2026-11-29-0044-verification-status-search-covering.js';
import * as usersUniqueIndexes from './migrations/2026-11-29-0045-users-unique-indexes.js';
import * as tableVersions from './migrations/2026-11-30-0046-table-versions.js';
import * as verificationPendingHours from './migrations/2026-11-30-0047-verification-pending-hours.js';
import * as moreTableVersions from './migrations/2026-12-01-0048-more-table-versions.js';
import * as verificationSyncWhenChanged from './migrations/2026-12-01-0049-verification-sync-when-changed.js';
import * as postgresTableWrites from './migrations/2026-12-01-0050-postgres-table-writes.js';
import type { Database } from './schema.js';

/** Every migration, by date-prefixed name. Add new ones at the end; never edit an applied one. */
const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial-schema': initialSchema,
  '2026-11-21-0002-user-verification-status': userVerificationStatus,
  '2026-11-21-0003-document-key-indexes': documentKeyIndexes,
  '2026-11-22-0001-sessions-throttle-limits': sessionsThrottleLimits,
  '2026-11-23-0001-counters-and-search': countersAndSearch,
  '2026-11-23-0002-catalogue': catalogue,
  '2026-11-23-0004-dispute-history': disputeHistory,
  '2026-11-23-0006-conversation-summaries': conversationSummaries,
  '2026-11-24-0010-notification-inbox': notificationInbox,
  '2026-11-24-0014-admin-preferences': adminPreferences,
  '2026-11-24-0017-audit-journal': auditJournal,
  '2026-11-25-0018-word-start-search': wordStartSearch,
  '2026-11-25-0019-processed-verifications-index': processedVerificationsIndex,
  '2026-11-25-0020-provider-order-covering': providerOrderCovering,
  '2026-11-25-0021-party-search': partySearch,
  '2026-11-26-0022-counter-rollups': counterRollups,
  '2026-11-26-0023-verification-day-rollups': verificationDayRollups,
  '2026-11-26-0024-redundant-indexes': redundantIndexes,
  '2026-11-26-0025-verification-user-order': verificationUserOrder,
  '2026-11-26-0026-provider-phone-search': providerPhoneSearch,
  '2026-11-26-0027-verification-provider-search': verificationProviderSearch,
  '2026-11-27-0028-client-verification-search': clientVerificationSearch,
  '2026-11-27-0029-verification-order-covering': verificationOrderCovering,
  '2026-11-27-0030-live-owner-order': liveOwnerOrder,
  '2026-11-27-0031-conversation-activity-days': conversationActivityDays,
  '2026-11-27-0032-text-index-segments': textIndexSegments,
  '2026-11-27-0033-audit-search-pending-list': auditSearchPendingList,
  '2026-11-27-0034-day-rollups': dayRollups,
  '2026-11-27-0035-users-role-indexes': usersRoleIndexes,
  '2026-11-27-0036-verification-day-pages': verificationDayPages,
  '2026-11-27-0037-notification-day-pages': notificationDayPages,
  '2026-11-27-0038-journal-index-background-merges': journalIndexBackgroundMerges,
  '2026-11-28-0039-two-filter-order-indexes': twoFilterOrderIndexes,
  '2026-11-28-0040-search-text-statistics': searchTextStatistics,
  '2026-11-29-0041-audit-entry-hours': auditEntryHours,
  '2026-11-29-0042-journal-search-statistics': journalSearchStatistics,
  '2026-11-29-0043-journal-index-automerge-after-seed': journalIndexAutomergeAfterSeed,
  '2026-11-29-0044-verification-status-search-covering': verificationStatusSearchCovering,
  '2026-11-29-0045-users-unique-indexes': usersUniqueIndexes,
  '2026-11-30-0046-table-versions': tableVersions,
  '2026-11-30-0047-verification-pending-hours': verificationPendingHours,
  '2026-12-01-0048-more-table-versions': moreTableVersions,
  '2026-12-01-0049-verification-sync-when-changed': verificationSyncWhenChanged,
  '2026-12-01-0050-postgres-table-writes': postgresTableWrites,
};

export class MigrationError extends Error {}

/** Applies every pending migration; throws when one fails (nothing of that migration is kept). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  /* SQLite: better-sqlite3 opens connections in defensive mode, which refuses a writable schema;
     migration 0045 edits the schema's text (the procedure SQLite documents for changes that leave
     the stored pages as they are). Off while migrations run, on again afterwards. */
  const sqlite = sqliteConnectionOf(db);
  sqlite?.unsafeMode(true);
  let result: MigrationResultSet;
  try {
    result = await migrator.migrateToLatest();
  } finally {
    sqlite?.unsafeMode(false);
  }
  if (result.error) {
    const failed = result.results?.find((item) => item.status === 'Error');
    throw new MigrationError(
      `Échec de la migration ${failed?.migrationName ?? ''} : ${String(result.error)}`.trim(),
    );
  }
  return (result.results ?? []).filter((item) => item.status === 'Success').map((item) => item.migrationName);
}
