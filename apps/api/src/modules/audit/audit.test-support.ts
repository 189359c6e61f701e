import type { AuditChange, AuditEntry, AuditValue } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { auditSearchText } from '../../lib/audit-trail.js';
import { toAuditEntry } from './audit.repository.js';

/** Id of the latest journal entry (0 when empty): entries after it are those of the next request. */
export async function lastAuditId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('audit_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The journal's entries written after `afterId`, oldest first, as the API answers them. */
export async function auditEntriesAfter(db: Kysely<Database>, afterId: number): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_entries')
    .select([
      'id',
      'created_at',
      'admin_id',
      'admin_label',
      'request_id',
      'ip_address',
      'action',
      'object_type',
      'object_id',
      'object_label',
      'changes',
      'details',
    ])
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map(toAuditEntry);
}

let sequence = 0;

/**
 * Inserts a journal entry as the API writes it (search text included), at a chosen time: the list's
 * filters are tested on entries of known dates and admins.
 */
export async function insertAuditEntry(
  db: Kysely<Database>,
  values: {
    action: string;
    created_at?: string;
    admin?: { id: number | null; label: string } | null;
    object?: { type: string; id: number | null; label: string } | null;
    changes?: AuditChange[];
    details?: Record<string, AuditValue> | null;
    ip_address?: string | null;
  },
): Promise<number> {
  sequence += 1;
  const row = {
    created_at: values.created_at ?? new Date().toISOString(),
    admin_id: values.admin?.id ?? null,
    admin_label: values.admin?.label ?? null,
    request_id: `test-${sequence}`,
    ip_address: values.ip_address ?? '127.0.0.1',
    action: values.action,
    object_type: values.object?.type ?? null,
    object_id: values.object?.id ?? null,
    object_label: values.object?.label ?? null,
    changes: JSON.stringify(values.changes ?? []),
    details: values.details ? JSON.stringify(values.details) : null,
  };
  const inserted = await db
    .insertInto('audit_entries')
    .values({ ...row, search_text: auditSearchText({ ...row, details: values.details ?? null }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/**
 * Inserts `count` journal entries written straight into the table (by 500), each a login with the
 * text and time `entry` gives it: a journal large enough for the search's cap or the export's chunks.
 */
export async function insertLoginEntries(
  db: Kysely<Database>,
  count: number,
  entry: (index: number) => {
    created_at: string;
    admin_id: number | null;
    admin_label: string;
    search_text: string;
  },
): Promise<void> {
  const rows = Array.from({ length: count }, (_, index) => ({
    request_id: null,
    ip_address: null,
    action: 'auth.login',
    object_type: null,
    object_id: null,
    object_label: null,
    changes: '[]',
    details: null,
    ...entry(index),
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('audit_entries')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}
