import { randomBytes } from 'node:crypto';
import { normalizeSearchText } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config.js';
import type { Database } from './db/schema.js';
import { nowIso } from './db/sql.js';
import { hashPassword, verifyPassword } from './lib/passwords.js';

export interface FirstAdmin {
  email: string;
  /** Set only when this start created the account with a generated password (printed once). */
  generatedPassword: string | null;
  created: boolean;
  passwordReset: boolean;
}

async function freeUsername(db: Kysely<Database>, wanted: string): Promise<string> {
  for (let suffix = 0; ; suffix += 1) {
    const candidate = suffix === 0 ? wanted : `${wanted}${suffix + 1}`;
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

/**
 * The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD. Without ADMIN_PASSWORD a random password
 * is generated when the account is created, and returned so that the server prints it once. When
 * the account exists and ADMIN_PASSWORD is set, the password is reset to it (the documented way to
 * regain access).
 */
export async function ensureFirstAdmin(db: Kysely<Database>, config: AppConfig): Promise<FirstAdmin> {
  const email = config.adminEmail;
  const existing = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();

  if (existing) {
    if (config.adminPassword && !(await verifyPassword(existing.password_hash, config.adminPassword))) {
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(config.adminPassword) })
        .where('id', '=', existing.id)
        .execute();
      return { email, generatedPassword: null, created: false, passwordReset: true };
    }
    return { email, generatedPassword: null, created: false, passwordReset: false };
  }

  const generatedPassword = config.adminPassword ? null : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? generatedPassword ?? '';
  const username = await freeUsername(db, 'admin');
  await db
    .insertInto('users')
    .values({
      username,
      email,
      password_hash: await hashPassword(password),
      first_name: 'Administrateur',
      last_name: 'Kwanza',
      phone_number: null,
      role: 'admin',
      profile_picture: null,
      is_active: true,
      is_verified: true,
      is_phone_verified: false,
      search_text: normalizeSearchText(`${username} Administrateur Kwanza ${email}`),
      date_joined: nowIso(),
      last_login: null,
      deleted_at: null,
    })
    .execute();
  return { email, generatedPassword, created: true, passwordReset: false };
}

/** True when the database holds no marketplace data yet (admins only, or nothing). */
export async function hasNoMarketplaceData(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '!=', 'admin')
    .limit(1)
    .executeTakeFirst();
  return row === undefined;
}
