import {
  type AdminPreferences,
  type AuditChange,
  type AuditValue,
  DEFAULT_ADMIN_PREFERENCES,
} from '@kwanza/contract';
import type { Kysely } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { objectRef } from '../../lib/audit-objects.js';
import { diffValues, recordAudit } from '../../lib/audit-trail.js';

/*
 * Each admin's saved settings (issue 14), one `admin_preferences` row per admin, written at the first
 * save: an admin without a row has DEFAULT_ADMIN_PREFERENCES. Other modules (the header bell's feed)
 * read them through `readAdminPreferences`.
 */

const COLUMNS = [
  'is_email_notifications',
  'is_push_notifications',
  'is_new_messages',
  'is_new_disputes',
  'is_status_updates',
  'is_marketing_emails',
  'language',
  'timezone',
  'theme',
] as const;

type PreferencesRow = Pick<Database['admin_preferences'], (typeof COLUMNS)[number]>;

function toPreferences(row: PreferencesRow): AdminPreferences {
  return {
    notifications: {
      email_notifications: row.is_email_notifications,
      push_notifications: row.is_push_notifications,
      new_messages: row.is_new_messages,
      new_disputes: row.is_new_disputes,
      status_updates: row.is_status_updates,
      marketing_emails: row.is_marketing_emails,
    },
    application: { language: row.language, timezone: row.timezone, theme: row.theme },
  };
}

function toRow(preferences: AdminPreferences): PreferencesRow {
  const { notifications, application } = preferences;
  return {
    is_email_notifications: notifications.email_notifications,
    is_push_notifications: notifications.push_notifications,
    is_new_messages: notifications.new_messages,
    is_new_disputes: notifications.new_disputes,
    is_status_updates: notifications.status_updates,
    is_marketing_emails: notifications.marketing_emails,
    language: application.language,
    timezone: application.timezone,
    theme: application.theme,
  };
}

/** Built and compiled once (db/precompiled): the header bell reads them at every poll. */
const preferencesOf = precompiled(1, (db, adminId: number) =>
  db.selectFrom('admin_preferences').select(COLUMNS).where('user_id', '=', adminId),
);

/** The admin's saved preferences, or the defaults when they never saved any (one primary-key read). */
export async function readAdminPreferences(db: Kysely<Database>, adminId: number): Promise<AdminPreferences> {
  const row = await preferencesOf.executeTakeFirst(db, adminId);
  return row ? toPreferences(row) : structuredClone(DEFAULT_ADMIN_PREFERENCES);
}

/** Replaces the admin's preferences (both sections) and returns what is stored. */
export async function saveAdminPreferences(
  db: Kysely<Database>,
  adminId: number,
  preferences: AdminPreferences,
): Promise<AdminPreferences> {
  const values = { ...toRow(preferences), updated_at: nowIso() };
  return runInTransaction(db, async (trx) => {
    const before = await readAdminPreferences(trx, adminId);
    await trx
      .insertInto('admin_preferences')
      .values({ user_id: adminId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
    const after = await readAdminPreferences(trx, adminId);
    await recordAudit(trx, {
      object: await objectRef(trx, 'user', adminId),
      changes: preferenceChanges(before, after),
    });
    return after;
  });
}

/** The preferences that changed, one per field ('notifications.new_disputes', 'application.theme'…). */
function preferenceChanges(before: AdminPreferences, after: AdminPreferences): AuditChange[] {
  const sections = ['notifications', 'application'] as const;
  return sections.flatMap((section) => {
    const fields = Object.keys(after[section]) as (keyof AdminPreferences[typeof section])[];
    return diffValues(
      fields.map(String),
      before[section] as Record<string, AuditValue>,
      after[section] as Record<string, AuditValue>,
    ).map((change) => ({ ...change, field: `${section}.${change.field}` }));
  });
}
