import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';

export async function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'first_name',
      'last_name',
      'role',
      'password_hash',
      'is_active',
      'deleted_at',
    ])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function recordLogin(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('users').set({ last_login: nowIso() }).where('id', '=', userId).execute();
}
