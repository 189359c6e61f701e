import {
  type AuditAction,
  type AuditChange,
  type AuditObjectType,
  type AuditValue,
  normalizeSearchText,
} from '@kwanza/contract';
import type { Insertable, Kysely } from 'kysely';
import type { AuditEntriesTable, Database } from '../db/schema.js';
import { nowIso } from '../db/sql.js';
import { type AuditActor, currentAuditScope, declaredAction } from './audit-context.js';
import { insertJournalRows, writeJournalRows } from './journal-writes.js';

/*
 * The one way the API writes the audit journal. Call it with the transaction of the change it
 * records: the entry commits with the change or vanishes with its rollback. Who acts, the request id
 * and the address come from the request's scope (lib/audit-context.ts); the action defaults to the
 * one the route declared.
 */

export interface AuditObjectRef {
  type: AuditObjectType;
  id: number | null;
  /** Readable name at the time (a title, a person's name and e-mail…). */
  label: string;
}

export interface AuditDraft {
  /** Defaults to the action declared by the request's route. */
  action?: AuditAction;
  object: AuditObjectRef | null;
  changes?: readonly AuditChange[];
  details?: Record<string, AuditValue> | null;
  /** Who acted, when not the request's admin (a login: the account; the platform: null). */
  actor?: AuditActor | null;
}

/** Fields that never enter the journal, whatever a caller passes: secrets and their derivatives. */
const SECRET_FIELD = /password|token|secret|hash|signature|session/i;

const LABEL_MAX = 300;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function withoutSecrets(changes: readonly AuditChange[]): AuditChange[] {
  return changes.filter((change) => !SECRET_FIELD.test(change.field));
}

function detailsWithoutSecrets(details: Record<string, AuditValue> | null | undefined): string | null {
  if (!details) return null;
  const kept = Object.entries(details).filter(([key]) => !SECRET_FIELD.test(key));
  return kept.length === 0 ? null : JSON.stringify(Object.fromEntries(kept));
}

/**
 * audit_entries.search_text: the admin, the object's label, type and id, the action code, the address
 * and the text values of the details (an e-mail typed at a failed login…).
 */
export function auditSearchText(row: {
  admin_label?: string | null;
  object_label?: string | null;
  action: string;
  object_type?: string | null;
  object_id?: number | null;
  ip_address?: string | null;
  details?: Record<string, AuditValue> | null;
}): string {
  const detailTexts = Object.entries(row.details ?? {})
    .filter(([key, value]) => typeof value === 'string' && !SECRET_FIELD.test(key))
    .map(([, value]) => clip(String(value), 200));
  return normalizeSearchText(
    [
      row.admin_label,
      row.object_label,
      row.action,
      row.object_type,
      row.object_id === null || row.object_id === undefined ? null : `#${row.object_id}`,
      row.ip_address,
      ...detailTexts,
    ]
      .filter(Boolean)
      .join(' '),
  );
}

/** Marks the request as having gone through the journal (see plugins/audit-trail.ts). */
export function markAudited(): void {
  const scope = currentAuditScope();
  if (scope) scope.recorded = true;
}

/**
 * Writes one entry per draft, in one statement per 500 entries, with the executor given (the
 * transaction of the change; outside one, together with the other entries written at that moment,
 * lib/journal-writes.ts). Drafts without an action, outside a route that declared one, are a bug.
 */
export async function recordAudit(
  db: Kysely<Database>,
  drafts: AuditDraft | readonly AuditDraft[],
): Promise<void> {
  const list: readonly AuditDraft[] = Array.isArray(drafts) ? drafts : [drafts as AuditDraft];
  const scope = currentAuditScope();
  markAudited();
  if (list.length === 0) return;
  const at = nowIso();
  const rows = list.map((draft): Insertable<AuditEntriesTable> => {
    const action = draft.action ?? declaredAction(scope?.route);
    if (!action) {
      throw new Error(
        "recordAudit : aucune action, ni donnée ni déclarée par la route ; hors d'une requête, appeler le " +
          'dépôt dans runAsAudited(action, …) (lib/audit-context.ts)',
      );
    }
    const actor = draft.actor === undefined ? (scope?.actor() ?? null) : draft.actor;
    const row = {
      created_at: at,
      admin_id: actor?.id ?? null,
      admin_label: actor ? clip(actor.label, LABEL_MAX) : null,
      request_id: scope?.requestId ?? null,
      ip_address: scope?.ipAddress ?? null,
      action,
      object_type: draft.object?.type ?? null,
      object_id: draft.object?.id ?? null,
      object_label: draft.object ? clip(draft.object.label, LABEL_MAX) : null,
      changes: JSON.stringify(withoutSecrets(draft.changes ?? [])),
      details: detailsWithoutSecrets(draft.details),
    };
    return { ...row, search_text: auditSearchText({ ...row, details: draft.details ?? null }) };
  });
  if (db.isTransaction) await insertJournalRows(db, rows);
  else await writeJournalRows(db, rows);
}

/** A value as the journal keeps it: JSON-safe (dates as ISO text, undefined as null). */
export function toAuditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return JSON.parse(JSON.stringify(value)) as AuditValue;
}

/**
 * The fields whose values differ between `before` and `after` (either may be null: a creation or a
 * deletion), in the order of `fields`.
 */
export function diffValues(
  fields: readonly string[],
  before: Readonly<Record<string, AuditValue>> | null,
  after: Readonly<Record<string, AuditValue>> | null,
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const old = before ? (before[field] ?? null) : null;
    const now = after ? (after[field] ?? null) : null;
    if (JSON.stringify(old) !== JSON.stringify(now)) changes.push({ field, before: old, after: now });
  }
  return changes;
}

/** The filters of a list or an export, as an entry keeps them (absent ones left out). */
export function filtersDetails(filters: object): Record<string, AuditValue> {
  const kept: Record<string, AuditValue> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') kept[key] = toAuditValue(value);
  }
  return { filters: kept };
}
