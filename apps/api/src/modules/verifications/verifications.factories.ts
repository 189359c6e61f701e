import type { Insertable, Kysely } from 'kysely';
import type { ClientVerificationsTable, Database, ProviderVerificationsTable } from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';
import { providerVerificationSearchText } from '../../lib/search-text.js';
import { insertUser } from '../../test/factories.js';
import { insertProvider } from '../providers/providers.factories.js';

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/*
 * Test factory of the verifications aggregate (provider and client verifications). A verification is
 * last updated when it was submitted unless told otherwise.
 */

/** `count` clients and `count` providers sharing `lastName` (a term their searches all hold). */
export async function insertNamesakes(
  db: Kysely<Database>,
  count: number,
  lastName: string,
): Promise<{ clients: number[]; providers: number[] }> {
  const clients: number[] = [];
  const providers: number[] = [];
  for (let index = 0; index < count; index += 1) {
    clients.push(await insertUser(db, { last_name: lastName, role: 'client' }));
    providers.push((await insertProvider(db, { last_name: lastName })).userId);
  }
  return { clients, providers };
}

/** A provider verification (pending by default); a provider is created when `user_id` is absent. */
export async function insertProviderVerification(
  db: Kysely<Database>,
  values: Partial<Insertable<ProviderVerificationsTable>> = {},
): Promise<number> {
  const userId = values.user_id ?? (await insertProvider(db)).userId;
  const user = await db
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name', 'email', 'phone_number'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const submittedAt = values.submitted_at ?? nowIso();
  const row = await db
    .insertInto('provider_verifications')
    .values({
      is_business: false,
      business_name: null,
      business_nif: null,
      business_registration_number: null,
      business_description: null,
      document_type: 'id_card',
      id_card_front: null,
      id_card_back: null,
      passport_image: null,
      selfie_image: null,
      verification_status: 'pending',
      verified_at: null,
      verified_by: null,
      rejection_reason: null,
      admin_notes: null,
      updated_at: submittedAt,
      ...values,
      submitted_at: submittedAt,
      search_text: providerVerificationSearchText(user, { business_name: values.business_name ?? null }),
      user_id: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A client verification (pending by default); a client is created when `user_id` is absent. */
export async function insertClientVerification(
  db: Kysely<Database>,
  values: Partial<Insertable<ClientVerificationsTable>> = {},
): Promise<number> {
  const userId = values.user_id ?? (await insertUser(db, { role: 'client' }));
  const submittedAt = values.submitted_at ?? nowIso();
  const row = await db
    .insertInto('client_verifications')
    .values({
      document_type: 'id_card',
      id_card_front: null,
      id_card_back: null,
      passport_image: null,
      verification_status: 'pending',
      verified_at: null,
      verified_by: null,
      rejection_reason: null,
      admin_notes: null,
      updated_at: submittedAt,
      ...values,
      submitted_at: submittedAt,
      user_id: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * 3600 * 1000).toISOString();
}
