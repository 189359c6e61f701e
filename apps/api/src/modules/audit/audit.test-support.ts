import type { AuditEntry } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
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
