import {
  AUDIT_OBJECT_TYPE_LABELS,
  type AuditFilters,
  type AuditObjectType,
  type AuditValue,
  auditActionLabel,
} from '@kwanza/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BYTE_ORDER_MARK, toCsv } from '../../lib/csv.js';
import type { WorkLane } from '../../lib/work-lane.js';
import {
  type AuditCursor,
  type AuditRow,
  listAuditChunk,
  parseChanges,
  parseDetails,
} from './audit.repository.js';

/** Rows read per query: the export never holds more than one chunk in memory. */
export const AUDIT_EXPORT_CHUNK_SIZE = 1000;

export const AUDIT_EXPORT_HEADERS = [
  'ID',
  'Date (UTC)',
  'Administrateur',
  'Adresse IP',
  'Identifiant de requête',
  'Code action',
  'Action',
  "Type d'objet",
  "ID de l'objet",
  'Objet',
  'Modifications',
  'Détails',
];

function valueText(value: AuditValue): string {
  if (value === null) return '∅';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function toRecord(row: AuditRow): string[] {
  const changes = parseChanges(row.changes)
    .map((change) => `${change.field} : ${valueText(change.before)} → ${valueText(change.after)}`)
    .join(' | ');
  const details = parseDetails(row.details);
  const objectType = row.object_type ?? '';
  return [
    String(row.id),
    row.created_at,
    row.admin_label ?? '',
    row.ip_address ?? '',
    row.request_id ?? '',
    row.action,
    auditActionLabel(row.action),
    (AUDIT_OBJECT_TYPE_LABELS as Record<string, string>)[objectType as AuditObjectType] ?? objectType,
    row.object_id === null ? '' : String(row.object_id),
    row.object_label ?? '',
    changes,
    details ? JSON.stringify(details) : '',
  ];
}

/**
 * The export as text chunks: the byte order mark and headers, then one chunk per `chunkSize`
 * entries, newest first, each query starting after the last entry of the previous one (keyset on the
 * time order, served by the filter's index). With a `lane`, each chunk is read in its turn there.
 */
export async function* generateAuditCsv(
  db: Kysely<Database>,
  filters: Partial<AuditFilters>,
  chunkSize = AUDIT_EXPORT_CHUNK_SIZE,
  lane?: WorkLane,
): AsyncGenerator<string> {
  type Chunk = { csv: string; cursor: AuditCursor; complete: boolean } | null;
  const readChunk = async (after: AuditCursor | null): Promise<Chunk> => {
    const rows = await listAuditChunk(db, filters, after, chunkSize);
    const last = rows.at(-1);
    return last
      ? {
          csv: toCsv(rows.map(toRecord)),
          cursor: { created_at: last.created_at, id: Number(last.id) },
          complete: rows.length === chunkSize,
        }
      : null;
  };
  yield BYTE_ORDER_MARK + toCsv([AUDIT_EXPORT_HEADERS]);
  let after: AuditCursor | null = null;
  for (;;) {
    const from: AuditCursor | null = after;
    const chunk: Chunk = lane ? await lane.run((): Promise<Chunk> => readChunk(from)) : await readChunk(from);
    if (!chunk) return;
    yield chunk.csv;
    if (!chunk.complete) return;
    after = chunk.cursor;
  }
}

/** `journal-audit-YYYY-MM-DD.csv` */
export function auditExportFilename(now: Date): string {
  return `journal-audit-${now.toISOString().slice(0, 10)}.csv`;
}
