import type { ClientVerification, ProviderVerification } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit-trail.js';

/*
 * The looks at identity documents the journal records: a verification's detail issues signed links
 * to its documents; an export copies the data of many verifications.
 */

const DOCUMENT_FIELDS = ['id_card_front', 'id_card_back', 'passport_image', 'selfie_image'] as const;

type Verification = ProviderVerification | ClientVerification;

function ownerOf(verification: Verification): { name: string; email: string } {
  return 'provider_name' in verification
    ? { name: verification.provider_name, email: verification.provider_email }
    : { name: verification.client_name, email: verification.client_email };
}

/** Records that the request's admin received the document links of one verification. */
export async function recordDocumentView(
  db: Kysely<Database>,
  type: 'provider_verification' | 'client_verification',
  verification: Verification,
): Promise<void> {
  const owner = ownerOf(verification);
  const documents = DOCUMENT_FIELDS.filter((field) => {
    const value = (verification as Partial<Record<(typeof DOCUMENT_FIELDS)[number], string | null>>)[field];
    return typeof value === 'string';
  });
  await recordAudit(db, {
    object: { type, id: verification.id, label: `${owner.name} (${owner.email})` },
    details: { documents: [...documents] },
  });
}
