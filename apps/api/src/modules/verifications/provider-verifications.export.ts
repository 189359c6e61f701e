import type { ProviderVerificationFilters } from '@kwanza/contract';
import { BYTE_ORDER_MARK, CSV_DELIMITER, neutralizeFormula, toCsv } from '../../lib/csv.js';
import { displayName } from '../../lib/display-name.js';
import type { WorkLane } from '../../lib/work-lane.js';
import {
  listProviderVerificationChunk,
  type ProviderVerificationRow,
} from './provider-verifications.reads.js';
import type { Executor } from './verification-rules.js';

/** Rows read per query: the export never holds more than one chunk in memory. */
export const EXPORT_CHUNK_SIZE = 1000;

export { CSV_DELIMITER, neutralizeFormula };

const STATUS_LABELS: Record<ProviderVerificationRow['verification_status'], string> = {
  pending: 'En attente',
  verified: 'Vérifié',
  rejected: 'Rejeté',
};

const DOCUMENT_LABELS: Record<ProviderVerificationRow['document_type'], string> = {
  id_card: "Carte d'identité",
  passport: 'Passeport',
};

/**
 * The export's French headers. Dates are written in the admin's time zone, named in their headers
 * ('Soumis le (Africa/Luanda)'), so a spreadsheet never shows a UTC time as if it were local.
 */
export function exportHeaders(timeZone: string): string[] {
  return [
    'ID',
    'Prestataire',
    "Nom d'utilisateur",
    'E-mail',
    'Téléphone',
    'Type de compte',
    'Raison sociale',
    'NIF',
    "Numéro d'enregistrement",
    'Type de document',
    'Statut',
    `Soumis le (${timeZone})`,
    `Traité le (${timeZone})`,
    'Traité par',
    'Raison du rejet',
    'Notes administratives',
  ];
}

/** The time zone of an export when the admin's saved one is unknown to this runtime. */
export const DEFAULT_EXPORT_TIME_ZONE = 'Africa/Luanda';

/** `timeZone` when Intl knows it, else DEFAULT_EXPORT_TIME_ZONE. */
export function exportTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_EXPORT_TIME_ZONE;
  }
}

/**
 * Formats ISO timestamps as `dd/mm/yyyy HH:mm` in one time zone. One Intl formatter serves the whole
 * export (building one per row would dominate its cost).
 */
export function exportDateFormatter(timeZone: string): (iso: string | null) => string {
  const format = new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (iso) => {
    if (!iso) return '';
    const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const part of format.formatToParts(new Date(iso))) parts[part.type] = part.value;
    return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
  };
}

function toRecord(row: ProviderVerificationRow, formatDate: (iso: string | null) => string): string[] {
  return [
    String(row.id),
    displayName(row),
    row.username,
    row.email,
    row.phone_number ?? '',
    row.is_business ? 'Entreprise' : 'Individuel',
    row.business_name ?? '',
    row.business_nif ?? '',
    row.business_registration_number ?? '',
    DOCUMENT_LABELS[row.document_type],
    STATUS_LABELS[row.verification_status],
    formatDate(row.submitted_at),
    formatDate(row.verified_at),
    row.verifier_username ?? '',
    row.rejection_reason ?? '',
    row.admin_notes ?? '',
  ];
}

export interface ExportOptions {
  /** The moment of the export (the `days` filter counts from it). */
  now: Date;
  /** IANA zone of the date columns: the admin's saved time zone. */
  timeZone: string;
  /** Rows read per query (default EXPORT_CHUNK_SIZE). */
  chunkSize?: number;
  /** Where each chunk is read and formatted in its turn (many exports never starve other requests). */
  lane?: WorkLane;
}

/**
 * The export as text chunks: the byte order mark and headers, then one chunk per `chunkSize` rows
 * read by keyset pagination on the id (each query starts after the last id of the previous one).
 * With a `lane`, each chunk is read and formatted in its turn there: many exports at once never
 * starve the other requests.
 */
export async function* generateProviderVerificationCsv(
  db: Executor,
  filters: Partial<ProviderVerificationFilters>,
  { now, timeZone, chunkSize = EXPORT_CHUNK_SIZE, lane }: ExportOptions,
): AsyncGenerator<string> {
  const zone = exportTimeZone(timeZone);
  const formatDate = exportDateFormatter(zone);
  const readChunk = async (afterId: number) => {
    const rows = await listProviderVerificationChunk(db, filters, afterId, chunkSize, now);
    const last = rows.at(-1);
    return last
      ? {
          csv: toCsv(rows.map((row) => toRecord(row, formatDate))),
          lastId: last.id,
          complete: rows.length === chunkSize,
        }
      : null;
  };
  yield BYTE_ORDER_MARK + toCsv([exportHeaders(zone)]);
  let afterId = 0;
  for (;;) {
    const from = afterId;
    const chunk = lane ? await lane.run(() => readChunk(from)) : await readChunk(from);
    if (!chunk) return;
    yield chunk.csv;
    if (!chunk.complete) return;
    afterId = chunk.lastId;
  }
}

/** `verifications-prestataires-YYYY-MM-DD.csv` */
export function exportFilename(now: Date): string {
  return `verifications-prestataires-${now.toISOString().slice(0, 10)}.csv`;
}
