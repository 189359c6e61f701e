import type { Insertable, Kysely } from 'kysely';
import type { ClientVerificationsTable, Database, ProviderVerificationsTable } from '../db/schema.js';
import type { SeedContext, VerificationStatusValue } from './seed-context.js';
import type { VerificationDocumentKeys, VerificationOwner } from './seed-documents.js';
import { rejectionReason, verificationNote } from './texts.js';
import { DAY, HOUR, isoString, timeAfter, timeBetween } from './timeline.js';

/* Identity verifications of providers and clients, with their document pictures. */

/** Hours after which a pending verification counts as urgent on the console. */
const URGENT_AFTER_HOURS = 72;

interface VerificationTimes {
  submitted_at: string;
  verified_at: string | null;
  verified_by: number | null;
  rejection_reason: string | null;
  admin_notes: string | null;
  updated_at: string;
}

/** Submission and processing of one verification, consistent with its status. */
export function verificationTimes(
  context: SeedContext,
  status: VerificationStatusValue,
  joinedMs: number,
): VerificationTimes {
  const { random, nowMs } = context;
  let submitted: number;
  if (status === 'pending') {
    const urgentLimit = nowMs - (URGENT_AFTER_HOURS + 1) * HOUR;
    const urgent = context.pickers.pendingAge.next(random) === 'urgent' && joinedMs < urgentLimit - HOUR;
    submitted = urgent
      ? timeBetween(random, Math.max(joinedMs, urgentLimit - 30 * DAY), urgentLimit)
      : timeBetween(random, Math.max(joinedMs, nowMs - (URGENT_AFTER_HOURS - 2) * HOUR), nowMs);
    return {
      submitted_at: isoString(submitted),
      verified_at: null,
      verified_by: null,
      rejection_reason: null,
      admin_notes: random.chance(0.1) ? verificationNote(random) : null,
      updated_at: isoString(submitted),
    };
  }
  submitted = timeBetween(random, joinedMs, Math.max(joinedMs, nowMs - 2 * HOUR));
  const processed = timeAfter(random, submitted + HOUR, 6 * DAY, nowMs);
  return {
    submitted_at: isoString(submitted),
    verified_at: isoString(processed),
    verified_by: context.verifierId,
    rejection_reason: status === 'rejected' ? rejectionReason(random) : null,
    admin_notes: random.chance(0.4) ? verificationNote(random) : null,
    updated_at: isoString(processed),
  };
}

function emptyKeys(): VerificationDocumentKeys {
  return { id_card_front: null, id_card_back: null, passport_image: null, selfie_image: null };
}

export function documentKeysAtInsert(
  context: SeedContext,
  documentType: 'id_card' | 'passport',
  withSelfie: boolean,
  variant: number,
): VerificationDocumentKeys {
  return context.documents.pooled
    ? context.documents.pooledVerificationKeys(documentType, withSelfie, variant)
    : emptyKeys();
}

export type ProviderVerificationRow = Insertable<ProviderVerificationsTable>;
export type ClientVerificationRow = Insertable<ClientVerificationsTable>;

/**
 * Inserts provider verifications; outside pooled mode the pictures are then written under each
 * verification id and the row updated with their keys.
 */
export async function insertProviderVerifications(
  db: Kysely<Database>,
  context: SeedContext,
  rows: ProviderVerificationRow[],
): Promise<number[]> {
  const firstId = context.writer.reserveIds('provider_verifications', rows.length);
  const ids = rows.map((_, position) => firstId + position);
  await context.writer.insert(
    'provider_verifications',
    rows.map((row, position) => ({ id: firstId + position, ...row })),
  );
  if (!context.documents.pooled) {
    for (const [index, id] of ids.entries()) {
      const row = rows[index];
      if (!row) continue;
      const keys = await saveDocuments(context, 'provider', id, row.document_type, true);
      await db.updateTable('provider_verifications').set(keys).where('id', '=', id).execute();
    }
  }
  context.summary.provider_verifications += ids.length;
  return ids;
}

export async function insertClientVerifications(
  db: Kysely<Database>,
  context: SeedContext,
  rows: ClientVerificationRow[],
): Promise<number[]> {
  const firstId = context.writer.reserveIds('client_verifications', rows.length);
  const ids = rows.map((_, position) => firstId + position);
  await context.writer.insert(
    'client_verifications',
    rows.map((row, position) => ({ id: firstId + position, ...row })),
  );
  if (!context.documents.pooled) {
    for (const [index, id] of ids.entries()) {
      const row = rows[index];
      if (!row) continue;
      const { selfie_image: _selfie, ...keys } = await saveDocuments(
        context,
        'client',
        id,
        row.document_type,
        false,
      );
      await db.updateTable('client_verifications').set(keys).where('id', '=', id).execute();
    }
  }
  context.summary.client_verifications += ids.length;
  return ids;
}

function saveDocuments(
  context: SeedContext,
  owner: VerificationOwner,
  id: number,
  documentType: 'id_card' | 'passport',
  withSelfie: boolean,
): Promise<VerificationDocumentKeys> {
  const variant = owner === 'provider' ? id * 2 : id * 2 + 1;
  return context.documents.saveVerificationDocuments(owner, id, documentType, withSelfie, variant);
}
