import type { Insertable, Kysely } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';
import { nowIso } from '../db/sql.js';
import { hashPassword } from '../lib/passwords.js';
import { userSearchText } from '../lib/search-text.js';

let sequence = 0;

/** Inserts a user with sensible defaults; `password` is hashed when given. */
export async function insertUser(
  db: Kysely<Database>,
  values: Partial<Insertable<UsersTable>> & { password?: string } = {},
): Promise<number> {
  sequence += 1;
  const { password, ...columns } = values;
  const username = columns.username ?? `user${sequence}_${Date.now().toString(36)}`;
  const email = columns.email ?? `${username}@example.test`;
  const row: Insertable<UsersTable> = {
    username,
    email,
    password_hash: password ? await hashPassword(password) : null,
    first_name: 'Test',
    last_name: 'Utilisateur',
    phone_number: null,
    role: 'client',
    profile_picture: null,
    is_active: true,
    is_verified: false,
    is_phone_verified: false,
    date_joined: nowIso(),
    last_login: null,
    deleted_at: null,
    ...columns,
    search_text:
      columns.search_text ??
      userSearchText({
        username,
        first_name: columns.first_name ?? 'Test',
        last_name: columns.last_name ?? 'Utilisateur',
        email,
        phone_number: columns.phone_number ?? null,
      }),
  };
  const inserted = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}
