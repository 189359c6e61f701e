import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Helpers of the seed's tests. */

/** An admin created before the seed, as the server creates its first admin. */
export async function insertLoginAdmin(db: Kysely<Database>): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: 'admin',
      email: 'admin@example.com',
      password_hash: '$argon2id$not-a-real-hash',
      first_name: 'Admin',
      last_name: 'Kwanza',
      phone_number: null,
      role: 'admin',
      profile_picture: null,
      is_active: true,
      is_verified: true,
      is_phone_verified: false,
      search_text: 'admin admin kwanza admin@example.com',
      date_joined: '2024-01-01T00:00:00.000Z',
      last_login: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
