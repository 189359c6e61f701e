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

export const EXPORT_HEADERS = [
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
  'Soumis le',
  'Traité le',
  'Traité par',
  'Raison du rejet',
  'Notes administratives',
];

function toRecord(row: ProviderVerificationRow): string[] {
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
    row.submitted_at,
    row.verified_at ?? '',
    row.verifier_username ?? '',
    row.rejection_reason ?? '',
    row.admin_notes ?? '',
  ];
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
  now: Date,
  chunkSize = EXPORT_CHUNK_SIZE,
  lane?: WorkLane,
): AsyncGenerator<string> {
  const readChunk = async (afterId: number) => {
    const rows = await listProviderVerificationChunk(db, filters, afterId, chunkSize, now);
    const last = rows.at(-1);
    return last
      ? { csv: toCsv(rows.map(toRecord)), lastId: last.id, complete: rows.length === chunkSize }
      : null;
  };
  yield BYTE_ORDER_MARK + toCsv([EXPORT_HEADERS]);
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
