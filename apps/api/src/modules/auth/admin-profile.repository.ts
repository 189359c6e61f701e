import type { AdminProfile, UpdateProfileBody } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/http-errors.js';
import { changeUserDetails } from '../users/users.repository.js';
import { readAdminPreferences } from './admin-preferences.repository.js';

const ACCOUNT_NOT_FOUND = 'Utilisateur introuvable.';

/** The signed-in admin's profile: the session's user, the phone number and the saved preferences. */
export async function readAdminProfile(db: Kysely<Database>, adminId: number): Promise<AdminProfile> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'first_name', 'last_name', 'role', 'phone_number'])
    .where('id', '=', adminId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw notFound(ACCOUNT_NOT_FOUND);
  return { ...user, preferences: await readAdminPreferences(db, adminId) };
}

/**
 * The admin edits their own first and last name, e-mail and phone with the rules of the users edit
 * (the same code: valid and unique e-mail, 400 with `errors.email`; search texts kept up to date).
 */
export async function updateAdminProfile(
  db: Kysely<Database>,
  adminId: number,
  changes: UpdateProfileBody,
): Promise<AdminProfile> {
  await changeUserDetails(db, adminId, changes);
  return readAdminProfile(db, adminId);
}
