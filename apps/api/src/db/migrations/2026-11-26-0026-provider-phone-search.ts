import { sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * A provider's own `search_text` now ends with its user's phone number, as lib/search-text writes it
 * from now on: it held everything a provider is searched by but the phone, so the providers list also
 * searched its users' text index, once per search (a whole doclist for a common name: 6.5 ms of a
 * `?search=silva` page at a million users). The phone is appended as the application writes it last
 * in the text (lower case, without the two ASCII diacritics '^' and '`', the text's trailing spaces
 * trimmed); profiles of users without a phone keep their text. The text indexes follow the update
 * through their triggers (SQLite) or by themselves (PostgreSQL).
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

/** ' ' + the normalized phone of the profile's user (null without a phone). */
const PHONE_SUFFIX = `(select ' ' || replace(replace(lower(rtrim(u.phone_number)), '^', ''), '\`', '')
  from users u where u.id = provider_profiles.user_id and rtrim(u.phone_number) <> '')`;

export async function up(db: AnyDb): Promise<void> {
  await sql
    .raw(
      `update provider_profiles set search_text = search_text || ${PHONE_SUFFIX}
      where ${PHONE_SUFFIX} is not null`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql
    .raw(
      `update provider_profiles
      set search_text = substr(search_text, 1, length(search_text) - length(${PHONE_SUFFIX}))
      where substr(search_text, length(search_text) - length(${PHONE_SUFFIX}) + 1) = ${PHONE_SUFFIX}`,
    )
    .execute(db);
}
