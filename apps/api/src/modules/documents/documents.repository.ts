import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Whether a storage key is a document of a verification (provider or client) or of a dispute
 * evidence whose user still exists (not deleted). Documents of deleted users are not served.
 */
export async function isDocumentReachable(db: Kysely<Database>, key: string): Promise<boolean> {
  const provider = await db
    .selectFrom('provider_verifications')
    .innerJoin('users', 'users.id', 'provider_verifications.user_id')
    .where('users.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('provider_verifications.id_card_front', '=', key),
        eb('provider_verifications.id_card_back', '=', key),
        eb('provider_verifications.passport_image', '=', key),
        eb('provider_verifications.selfie_image', '=', key),
      ]),
    )
    .select('provider_verifications.id')
    .limit(1)
    .executeTakeFirst();
  if (provider) return true;

  const client = await db
    .selectFrom('client_verifications')
    .innerJoin('users', 'users.id', 'client_verifications.user_id')
    .where('users.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('client_verifications.id_card_front', '=', key),
        eb('client_verifications.id_card_back', '=', key),
        eb('client_verifications.passport_image', '=', key),
      ]),
    )
    .select('client_verifications.id')
    .limit(1)
    .executeTakeFirst();
  if (client) return true;

  const evidence = await db
    .selectFrom('dispute_evidence')
    .innerJoin('users', 'users.id', 'dispute_evidence.user_id')
    .where('users.deleted_at', 'is', null)
    .where('dispute_evidence.file', '=', key)
    .select('dispute_evidence.id')
    .limit(1)
    .executeTakeFirst();
  return evidence !== undefined;
}
