import type { Insertable, Kysely } from 'kysely';
import type { Database, ProviderProfilesTable, UsersTable } from '../../db/schema.js';
import { nowIso, toJsonArray } from '../../db/sql.js';
import { providerSearchText } from '../../lib/search-text.js';
import { insertUser } from '../../test/factories.js';

/*
 * Test factory of the providers aggregate: a provider account and its profile. Search texts are built
 * by lib/search-text, like every production writer builds them.
 */

export type ProviderProfileValues = Partial<Omit<Insertable<ProviderProfilesTable>, 'skills' | 'user_id'>> & {
  skills?: string[];
};

/** Adds the provider profile of an existing user (not verified, no rating unless told); returns its id. */
export async function insertProviderProfile(
  db: Kysely<Database>,
  userId: number,
  profile: ProviderProfileValues = {},
): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name', 'email', 'phone_number', 'is_verified', 'date_joined'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const { skills, ...columns } = profile;
  const row: Insertable<ProviderProfilesTable> = {
    company_name: null,
    city: null,
    address: null,
    bio: null,
    description: null,
    average_rating: 0,
    total_reviews: 0,
    services_count: 0,
    completed_projects: 0,
    is_verified: Boolean(user.is_verified),
    created_at: user.date_joined,
    ...columns,
    user_id: userId,
    skills: toJsonArray(skills ?? []),
    search_text: providerSearchText(user, {
      company_name: columns.company_name ?? null,
      city: columns.city ?? null,
    }),
  };
  const inserted = await db
    .insertInto('provider_profiles')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Inserts a provider account (role provider) and its profile; returns both ids. */
export async function insertProvider(
  db: Kysely<Database>,
  user: Partial<Insertable<UsersTable>> & { password?: string } = {},
  profile: ProviderProfileValues = {},
): Promise<{ userId: number; profileId: number }> {
  const userId = await insertUser(db, { role: 'provider', date_joined: nowIso(), ...user });
  const profileId = await insertProviderProfile(db, userId, profile);
  return { userId, profileId };
}
