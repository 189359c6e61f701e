import type { AuditObjectType, AuditValue } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { dialectOf } from '../db/sql.js';
import { type AuditDraft, diffValues, markAudited, recordAudit, toAuditValue } from './audit-trail.js';
import { displayName } from './display-name.js';

/*
 * What the journal keeps of each kind of object: the fields whose before and after values it records
 * (never secrets, storage keys, search texts or bookkeeping columns such as `updated_at`) and the
 * readable label it keeps with each entry. `trackChanges` reads them before a change and again
 * after it, in the change's transaction, and records one entry per object that changed.
 */

interface Snapshot {
  label: string;
  values: Record<string, AuditValue>;
}

interface AuditedObject {
  fields: readonly string[];
  /**
   * The tracked fields and the label of the given objects (absent ids: rows that do not exist);
   * with `lock`, the objects' rows stay locked until the transaction ends (PostgreSQL, in id order).
   */
  read(db: Kysely<Database>, ids: readonly number[], lock?: boolean): Promise<Map<number, Snapshot>>;
}

type Row = Record<string, unknown> & { id: number };

function snapshots(
  rows: readonly Row[],
  fields: readonly string[],
  label: (row: Row) => string,
): Map<number, Snapshot> {
  return new Map(
    rows.map((row) => [
      row.id,
      {
        label: label(row),
        values: Object.fromEntries(fields.map((field) => [field, toAuditValue(row[field])])),
      },
    ]),
  );
}

/** 'Prénom Nom (e-mail)', else the username. */
function personLabel(person: Record<string, unknown>): string {
  const name = displayName({
    first_name: (person.first_name as string | null) ?? null,
    last_name: (person.last_name as string | null) ?? null,
    username: (person.username as string | null) ?? null,
  });
  return person.email ? `${name} (${String(person.email)})` : name;
}

const USER_FIELDS = [
  'username',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'role',
  'is_active',
  'is_verified',
  'deleted_at',
] as const;
const PROVIDER_FIELDS = ['is_verified'] as const;
const VERIFICATION_FIELDS = ['verification_status', 'rejection_reason', 'admin_notes'] as const;
const PROJECT_FIELDS = ['title', 'status', 'admin_notes', 'category_id', 'subcategory_id'] as const;
const CATEGORY_FIELDS = ['name', 'description', 'icon', 'image_url'] as const;
const SUBCATEGORY_FIELDS = ['name', 'description', 'icon', 'category_id'] as const;
const DISPUTE_FIELDS = ['status', 'resolution_note'] as const;
const REPORT_FIELDS = ['status', 'admin_notes'] as const;
const CONVERSATION_FIELDS = ['status', 'unread_messages', 'total_messages'] as const;
const NOTIFICATION_FIELDS = [
  'title',
  'message',
  'notification_type',
  'priority',
  'is_read',
  'user_id',
] as const;

const REASON_LABEL_LENGTH = 80;

export const AUDITED_OBJECTS: Record<AuditObjectType, AuditedObject> = {
  user: {
    fields: USER_FIELDS,
    read: async (db, ids, lock = false) =>
      snapshots(
        await db
          .selectFrom('users')
          .select(['id', ...USER_FIELDS])
          .where('id', 'in', [...ids])
          .$if(lock, (query) => query.orderBy('id').forUpdate('users'))
          .execute(),
        USER_FIELDS,
        personLabel,
      ),
  },
  provider: {
    fields: PROVIDER_FIELDS,
    read: async (db, ids, lock = false) =>
      snapshots(
        await db
          .selectFrom('provider_profiles as pp')
          .innerJoin('users', 'users.id', 'pp.user_id')
          .select([
            'pp.id',
            'pp.is_verified',
            'users.first_name',
            'users.last_name',
            'users.username',
            'users.email',
          ])
          .where('pp.id', 'in', [...ids])
          .$if(lock, (query) => query.orderBy('pp.id').forUpdate('pp'))
          .execute(),
        PROVIDER_FIELDS,
        personLabel,
      ),
  },
  provider_verification: {
    fields: VERIFICATION_FIELDS,
    read: async (db, ids, lock = false) =>
      snapshots(
        await db
          .selectFrom('provider_verifications as v')
          .innerJoin('users', 'users.id', 'v.user_id')
          .select([
            'v.id',
            ...VERIFICATION_FIELDS.map((field) => `v.${field}` as const),
            'users.first_name',
            'users.last_name',
            'users.username',
            'users.email',
          ])
          .where('v.id', 'in', [...ids])
          .$if(lock, (query) => query.orderBy('v.id').forUpdate('v'))
          .execute(),
        VERIFICATION_FIELDS,
        personLabel,
      ),
  },
  client_verification: {
    fields: VERIFICATION_FIELDS,
    read: async (db, ids, lock = false) =>
      snapshots(
        await db
          .selectFrom('client_verifications as v')
          .innerJoin('users', 'users.id', 'v.user_id')
          .select([
            'v.id',
            ...VERIFICATION_FIELDS.map((field) => `v.${field}` as const),
            'users.first_name',
            'users.last_name',
            'users.username',
            'users.email',
          ])
          .where('v.id', 'in', [...ids])
          .$if(lock, (query) => query.orderBy('v.id').forUpdate('v'))
          .execute(),
        VERIFICATION_FIELDS,
        personLabel,
      ),
  },
  project: {
    fields: PROJECT_FIELDS,
    read: async (db, ids, lock = false) =>
      snapshots(
        await db
          .selectFrom('projects')
          .select(['id', ...PROJECT_FIELDS])
          .where('id', 'in', [...ids])
          .$if(lock, (query) => query.orderBy('id').forUpdate('projects'))
          .execute(),
        PROJECT_FIELDS,
        (row) => String(row.title),
      ),
  },
  category: {
    fields: CATEGORY_FIELDS,
    read: async (db, ids, lock = false) =>
      snapshots(
        await db
          .selectFrom('categories')
          .select(['id', ...CATEGORY_FIELDS])
          .where('id', 'in', [...ids])
          .$if(lock, (query) => query.orderBy('id').forUpdate('categories'))
          .execute(),
        CATEGORY_FIELDS,
        (row) => String(row.name),
      ),
  },
  subcategory: {
    fields: SUBCATEGORY_FIELDS,
    read: async (db, ids, lock = false) =>
      snapshots(
        await db
          .selectFrom('subcategories')
          .select(['id', ...SUBCATEGORY_FIELDS])
          .where('id', 'in', [...ids])
          .$if(lock, (query) => query.orderBy('id').forUpdate('subcategories'))
          .execute(),
        SUBCATEGORY_FIELDS,
        (row) => String(row.name),
      ),
  },
  dispute: {
    fields: DISPUTE_FIELDS,
    read: async (db, ids, lock = false) =>
      snapshots(
        await db
          .selectFrom('disputes')
          .select(['id', 'title', ...DISPUTE_FIELDS])
          .where('id', 'in', [...ids])
          .$if(lock, (query) => query.orderBy('id').forUpdate('disputes'))
          .execute(),
        DISPUTE_FIELDS,
        (row) => String(row.title),
      ),
  },
  report: {
    fields: REPORT_FIELDS,
    read: async (db, ids, lock = false) =>
      snapshots(
        await db
          .selectFrom('reports')
          .select(['id', 'reason', ...REPORT_FIELDS])
          .where('id', 'in', [...ids])
          .$if(lock, (query) => query.orderBy('id').forUpdate('reports'))
          .execute(),
        REPORT_FIELDS,
        (row) => {
          const reason = String(row.reason);
          return reason.length > REASON_LABEL_LENGTH
            ? `${reason.slice(0, REASON_LABEL_LENGTH - 1)}…`
            : reason;
        },
      ),
  },
  conversation: {
    fields: CONVERSATION_FIELDS,
    read: async (db, ids, lock = false) =>
      snapshots(
        await db
          .selectFrom('conversations')
          .innerJoin('users as client', 'client.id', 'conversations.client_id')
          .innerJoin('users as provider', 'provider.id', 'conversations.provider_id')
          .select([
            'conversations.id',
            ...CONVERSATION_FIELDS.map((field) => `conversations.${field}` as const),
            'client.first_name as client_first_name',
            'client.last_name as client_last_name',
            'client.username as client_username',
            'provider.first_name as provider_first_name',
            'provider.last_name as provider_last_name',
            'provider.username as provider_username',
          ])
          .where('conversations.id', 'in', [...ids])
          .$if(lock, (query) => query.orderBy('conversations.id').forUpdate('conversations'))
          .execute(),
        CONVERSATION_FIELDS,
        (row) =>
          `${displayName(
            {
              first_name: row.client_first_name as string,
              last_name: row.client_last_name as string,
              username: row.client_username as string,
            },
            'Client',
          )} ↔ ${displayName(
            {
              first_name: row.provider_first_name as string,
              last_name: row.provider_last_name as string,
              username: row.provider_username as string,
            },
            'Prestataire',
          )}`,
      ),
  },
  notification: {
    fields: NOTIFICATION_FIELDS,
    read: async (db, ids, lock = false) =>
      snapshots(
        await db
          .selectFrom('notifications as n')
          .innerJoin('users as recipient', 'recipient.id', 'n.user_id')
          // A broadcast's copy keeps its text on the broadcast.
          .leftJoin('notification_broadcasts as b', 'b.id', 'n.broadcast_id')
          .select((eb) => [
            'n.id',
            eb.fn.coalesce('b.title', 'n.title').as('title'),
            eb.fn.coalesce('b.message', 'n.message').as('message'),
            'n.notification_type',
            'n.priority',
            'n.is_read',
            'n.user_id',
            'recipient.email as recipient_email',
          ])
          .where('n.id', 'in', [...ids])
          .$if(lock, (query) => query.orderBy('n.id').forUpdate('n'))
          .execute(),
        NOTIFICATION_FIELDS,
        (row) => `${String(row.title)} → ${String(row.recipient_email)}`,
      ),
  },
};

/** The label of one object as it is now (for entries that change nothing of it: reads, logins). */
export async function objectRef(
  db: Kysely<Database>,
  type: AuditObjectType,
  id: number,
): Promise<{ type: AuditObjectType; id: number; label: string }> {
  return (await existingObjectRef(db, type, id)) ?? { type, id, label: `#${id}` };
}

/** The object's reference for an audit entry, or null when it does not exist. */
export async function existingObjectRef(
  db: Kysely<Database>,
  type: AuditObjectType,
  id: number,
): Promise<{ type: AuditObjectType; id: number; label: string } | null> {
  const snapshot = (await AUDITED_OBJECTS[type].read(db, [id])).get(id);
  return snapshot ? { type, id, label: snapshot.label } : null;
}

type EntryOptions = Pick<AuditDraft, 'action' | 'details'>;

/** What `trackChanges` returns: call `record` once the change is written, in the same transaction. */
export interface ChangeTracker {
  /**
   * Reads the objects again and records one entry per object whose tracked fields changed (a row
   * gone since: every field before, null after). Returns the entries written.
   */
  record(options?: EntryOptions | ((id: number) => EntryOptions)): Promise<number>;
}

/**
 * Reads the tracked fields of the objects before a change (ids of rows that do not exist are
 * ignored), their rows locked until the transaction ends on PostgreSQL (in id order; SQLite
 * transactions already hold the write lock). Call it inside the change's transaction, after the locks
 * the change takes first.
 */
export async function trackChanges(
  db: Kysely<Database>,
  type: AuditObjectType,
  ids: readonly number[],
): Promise<ChangeTracker> {
  const object = AUDITED_OBJECTS[type];
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  // Locked on PostgreSQL: the values read now stay true until the change (a concurrent writer waits).
  const before =
    unique.length === 0
      ? new Map<number, Snapshot>()
      : await object.read(db, unique, dialectOf(db) === 'postgres');
  return {
    async record(options = {}) {
      const known = [...before.keys()];
      const after = known.length === 0 ? new Map<number, Snapshot>() : await object.read(db, known);
      const drafts: AuditDraft[] = [];
      for (const id of known) {
        const old = before.get(id);
        const now = after.get(id) ?? null;
        const changes = diffValues(object.fields, old?.values ?? null, now?.values ?? null);
        if (changes.length === 0) continue;
        const extra = typeof options === 'function' ? options(id) : options;
        drafts.push({
          ...extra,
          object: { type, id, label: old?.label ?? now?.label ?? `#${id}` },
          changes,
        });
      }
      markAudited();
      await recordAudit(db, drafts);
      return drafts.length;
    },
  };
}

/** Records the creation of an object: each tracked field from null to its value. */
export async function recordCreation(
  db: Kysely<Database>,
  type: AuditObjectType,
  id: number,
  options: EntryOptions = {},
): Promise<void> {
  const object = AUDITED_OBJECTS[type];
  const created = (await object.read(db, [id])).get(id);
  await recordAudit(db, {
    ...options,
    object: { type, id, label: created?.label ?? `#${id}` },
    changes: diffValues(object.fields, null, created?.values ?? null),
  });
}
