import type { Insertable, Kysely } from 'kysely';
import type {
  ClientVerificationsTable,
  Database,
  ProviderVerificationsTable,
  UsersTable,
} from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';
import { providerVerificationSearchText } from '../../lib/search-text.js';
import { insertUser, providerProfileSearchText } from '../../test/factories.js';

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A provider account with its profile; returns the user id. */
export async function insertProvider(
  db: Kysely<Database>,
  user: Partial<Insertable<UsersTable>> = {},
): Promise<number> {
  const userId = await insertUser(db, { role: 'provider', ...user });
  await db
    .insertInto('provider_profiles')
    .values({
      user_id: userId,
      company_name: null,
      city: 'Luanda',
      address: null,
      bio: null,
      description: null,
      skills: '[]',
      average_rating: 0,
      total_reviews: 0,
      services_count: 0,
      completed_projects: 0,
      is_verified: false,
      search_text: await providerProfileSearchText(db, userId, { company_name: null, city: 'Luanda' }),
      created_at: nowIso(),
    })
    .execute();
  return userId;
}

/** A provider verification (pending by default); a provider is created when `user_id` is absent. */
export async function insertProviderVerification(
  db: Kysely<Database>,
  values: Partial<Insertable<ProviderVerificationsTable>> = {},
): Promise<number> {
  const userId = values.user_id ?? (await insertProvider(db));
  const now = nowIso();
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
      submitted_at: now,
      verified_at: null,
      verified_by: null,
      rejection_reason: null,
      admin_notes: null,
      updated_at: now,
      ...values,
      search_text: providerVerificationSearchText({ business_name: values.business_name ?? null }),
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
  const now = nowIso();
  const row = await db
    .insertInto('client_verifications')
    .values({
      document_type: 'id_card',
      id_card_front: null,
      id_card_back: null,
      passport_image: null,
      verification_status: 'pending',
      submitted_at: now,
      verified_at: null,
      verified_by: null,
      rejection_reason: null,
      admin_notes: null,
      updated_at: now,
      ...values,
      user_id: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * 3600 * 1000).toISOString();
}
