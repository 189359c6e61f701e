import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';
import { recordAudit } from '../../lib/audit-trail.js';
import { displayName } from '../../lib/display-name.js';
import type { HttpError } from '../../lib/http-errors.js';

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

/** How the journal names an account: 'Prénom Nom (e-mail)'. */
export function accountLabel(account: {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
}): string {
  return `${displayName(account)} (${account.email})`;
}

/** Why a login failed, as the journal records it. */
function failureReason(error: HttpError, account: { is_active: boolean } | undefined): string {
  if (error.statusCode === 429) return 'throttled';
  if (error.statusCode === 403) return account && !account.is_active ? 'account_inactive' : 'not_admin';
  return 'invalid_credentials';
}

/** What was typed as the e-mail, only when it looks like one: a password typed there never enters the journal. */
function typedEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  return /^[^\s@]{1,64}@[^\s@]{1,190}$/.test(trimmed) ? trimmed : '(adresse non valide)';
}

/**
 * Records a refused login (wrong password, unknown or disabled account, not an admin, throttled)
 * with the client address: the account when one has this e-mail, the e-mail typed otherwise.
 */
export async function recordFailedLogin(
  db: Kysely<Database>,
  email: string,
  error: HttpError,
): Promise<void> {
  const account = await findAccountByEmail(db, email);
  await recordAudit(db, {
    action: 'auth.login_failed',
    actor: null,
    object: account ? { type: 'user', id: account.id, label: accountLabel(account) } : null,
    details: { email: typedEmail(email), reason: failureReason(error, account) },
  });
}
