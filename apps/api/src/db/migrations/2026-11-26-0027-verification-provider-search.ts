import { sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * A provider verification's own `search_text` now begins with its provider's `users.search_text`
 * (names, e-mail, phone), then its business name, as lib/search-text writes it from now on: the list
 * searched the users' text index beside its own, and read every match of a common name there to find
 * their verifications (`?search=silva` at a million users: 43 ms, two passes over 4,900 users). The
 * text indexes follow the update through their triggers (SQLite) or by themselves (PostgreSQL).
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

const USER_TEXT = `(select u.search_text from users u where u.id = provider_verifications.user_id)`;

export async function up(db: AnyDb): Promise<void> {
  await sql
    .raw(
      `update provider_verifications set search_text = ${USER_TEXT} || search_text where ${USER_TEXT} <> ''`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql
    .raw(
      `update provider_verifications set search_text = substr(search_text, length(${USER_TEXT}) + 1)
      where ${USER_TEXT} <> '' and substr(search_text, 1, length(${USER_TEXT})) = ${USER_TEXT}`,
    )
    .execute(db);
}
