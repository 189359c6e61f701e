import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config.js';
import type { Database } from './db/schema.js';
import { nowIso } from './db/sql.js';
import { runInTransaction } from './db/transaction.js';
import { objectRef, trackChanges } from './lib/audit-objects.js';
import { recordAudit } from './lib/audit-trail.js';
import { hashPassword, verifyPassword } from './lib/passwords.js';
import { userSearchText } from './lib/search-text.js';
import { revokeUserSessions } from './lib/sessions.js';

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
 * The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD.
 * - With ADMIN_PASSWORD: the account with that e-mail is created, or, when it exists, given that
 *   password and restored as an active admin (the documented way to regain access); every session
 *   of that account ends, so whoever held a token of it (a stolen one included) is logged out.
 * - Without it: when no admin can log in at all, the account is created with a random password,
 *   returned so that the server prints it once. Otherwise nothing changes (an admin who changed
 *   their e-mail does not make a second account appear).
 */
export async function ensureFirstAdmin(db: Kysely<Database>, config: AppConfig): Promise<FirstAdmin> {
  const email = config.adminEmail;
  const existing = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'role', 'is_active'])
    .where('email', '=', email)
    .executeTakeFirst();

  if (existing) {
    const password = config.adminPassword;
    if (!password) return { email, generatedPassword: null, created: false, passwordReset: false };
    const passwordMatches = await verifyPassword(existing.password_hash, password);
    if (passwordMatches && existing.role === 'admin' && existing.is_active) {
      return { email, generatedPassword: null, created: false, passwordReset: false };
    }
    const passwordHash = passwordMatches ? undefined : await hashPassword(password);
    await runInTransaction(db, async (trx) => {
      const audit = await trackChanges(trx, 'user', [existing.id]);
      await trx
        .updateTable('users')
        .set({
          role: 'admin',
          is_active: true,
          deleted_at: null,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
        })
        .where('id', '=', existing.id)
        .execute();
      await revokeUserSessions(trx, existing.id);
      // Recorded as done by the platform (no admin acts at start-up), without the password.
      const details = { password_changed: passwordHash !== undefined };
      if ((await audit.record({ action: 'auth.password_reset', details })) === 0) {
        await recordAudit(trx, {
          action: 'auth.password_reset',
          actor: null,
          object: await objectRef(trx, 'user', existing.id),
          details,
        });
      }
    });
    return { email, generatedPassword: null, created: false, passwordReset: true };
  }

  if (!config.adminPassword && (await someAdminCanLogIn(db))) {
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
      search_text: userSearchText({
        username,
        first_name: 'Administrateur',
        last_name: 'Kwanza',
        email,
        phone_number: null,
      }),
      date_joined: nowIso(),
      last_login: null,
      deleted_at: null,
    })
    .execute();
  return { email, generatedPassword, created: true, passwordReset: false };
}

async function someAdminCanLogIn(db: Kysely<Database>): Promise<boolean> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .where('password_hash', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return admin !== undefined;
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
