import type { Insertable, Kysely } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';
import { nowIso } from '../db/sql.js';
import { hashPassword } from '../lib/passwords.js';
import { userSearchText } from '../lib/search-text.js';

let sequence = 0;

/** A user row with sensible defaults (no password), for `values` over them. */
export function userRow(values: Partial<Insertable<UsersTable>> = {}): Insertable<UsersTable> {
  sequence += 1;
  const username = values.username ?? `user${sequence}_${Date.now().toString(36)}`;
  const email = values.email ?? `${username}@example.test`;
  return {
    username,
    email,
    password_hash: null,
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
    ...values,
    search_text:
      values.search_text ??
      userSearchText({
        username,
        first_name: values.first_name ?? 'Test',
        last_name: values.last_name ?? 'Utilisateur',
        email,
        phone_number: values.phone_number ?? null,
      }),
  };
}

/** Inserts a user with sensible defaults; `password` is hashed when given. */
export async function insertUser(
  db: Kysely<Database>,
  values: Partial<Insertable<UsersTable>> & { password?: string } = {},
): Promise<number> {
  const { password, ...columns } = values;
  const row = userRow({
    ...columns,
    ...(password ? { password_hash: await hashPassword(password) } : {}),
  });
  const inserted = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Inserts `count` members (`membre<index>`, first name Membre, joined a minute apart from 2026-01-01)
 * by batches of 250, each with `values(index)` over those defaults.
 */
export async function insertMembers(
  db: Kysely<Database>,
  count: number,
  values: (index: number) => Partial<Insertable<UsersTable>>,
): Promise<void> {
  const rows = Array.from({ length: count }, (_, index) =>
    userRow({
      username: `membre${index}`,
      email: `membre${index}@kwanza.test`,
      first_name: 'Membre',
      date_joined: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      ...values(index),
    }),
  );
  for (let start = 0; start < rows.length; start += 250) {
    await db
      .insertInto('users')
      .values(rows.slice(start, start + 250))
      .execute();
  }
}
