import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen with the migration that created it (2026-11-27-0028): no application imports.
 *
 * A client verification is found by its client's name, username, e-mail and phone: the client's
 * `users.search_text`, which the list searched through the users' text index, then read every
 * matching user's verifications (`?search=silva` at a million users: 28 ms of CPU a request, `santos`
 * 76 ms). The client's text is now kept ON the verification, `client_verifications.search_text`, in
 * its own text index, by database triggers in the same transaction as every write, whoever writes:
 * - a row inserted with an empty text gets its client's (a writer that already knows it, like the
 *   seed, may give it);
 * - a change of a user's `search_text` (an administrator's edit of the details) rewrites the texts
 *   of the user's verifications.
 * On PostgreSQL the insert trigger reads the user FOR SHARE: a concurrent change of the client's
 * details waits for the insert to commit and then rewrites its text, or the insert waits for the change
 * and reads the new text. SQLite has one writer at a time.
 *
 * Text indexes as for the other searched texts (support/search-index): an external-content FTS5
 * trigram table `client_verifications_fts` on SQLite, whose sync triggers skip empty texts; a pg_trgm
 * GIN index on PostgreSQL.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const TABLE = 'client_verifications';
const FTS = 'client_verifications_fts';
const TRGM = 'client_verifications_search_trgm_idx';
const USER_TRIGGER = 'users_client_verification_text';

/** The user's text of a client verification row `row`, read from `users`. */
function userTextOf(row: string): string {
  return `coalesce((select u.search_text from users u where u.id = ${row}.user_id), '')`;
}

const SQLITE_TRIGGERS = [
  `create trigger ${FTS}_fill after insert on ${TABLE} when NEW.search_text = '' begin
    update ${TABLE} set search_text = ${userTextOf('NEW')} where id = NEW.id; end`,
  `create trigger ${FTS}_insert after insert on ${TABLE} when NEW.search_text <> '' begin
    insert into ${FTS} (rowid, search_text) values (NEW.id, NEW.search_text); end`,
  `create trigger ${FTS}_update after update of search_text on ${TABLE} begin
    insert into ${FTS} (${FTS}, rowid, search_text) select 'delete', OLD.id, OLD.search_text where OLD.search_text <> '';
    insert into ${FTS} (rowid, search_text) select NEW.id, NEW.search_text where NEW.search_text <> ''; end`,
  `create trigger ${FTS}_delete after delete on ${TABLE} when OLD.search_text <> '' begin
    insert into ${FTS} (${FTS}, rowid, search_text) values ('delete', OLD.id, OLD.search_text); end`,
  `create trigger ${USER_TRIGGER} after update of search_text on users
    when OLD.search_text is not NEW.search_text begin
    update ${TABLE} set search_text = NEW.search_text where user_id = NEW.id; end`,
];

const SQLITE_TRIGGER_NAMES = ['fill', 'insert', 'update', 'delete']
  .map((suffix) => `${FTS}_${suffix}`)
  .concat(USER_TRIGGER);

async function createPostgresSync(db: AnyDb): Promise<void> {
  await sql
    .raw(`create or replace function ${TABLE}_user_text() returns trigger language plpgsql as $$
      begin
        if NEW.search_text <> '' then return NEW; end if;
        NEW.search_text := coalesce((select search_text from users where id = NEW.user_id for share), '');
        return NEW;
      end $$`)
    .execute(db);
  await sql
    .raw(`create trigger ${TABLE}_user_text before insert on ${TABLE}
      for each row execute function ${TABLE}_user_text()`)
    .execute(db);
  await sql
    .raw(`create or replace function ${USER_TRIGGER}() returns trigger language plpgsql as $$
      begin update ${TABLE} set search_text = NEW.search_text where user_id = NEW.id; return null; end $$`)
    .execute(db);
  await sql
    .raw(`create trigger ${USER_TRIGGER} after update of search_text on users
      for each row when (OLD.search_text is distinct from NEW.search_text) execute function ${USER_TRIGGER}()`)
    .execute(db);
}

/** Adds the column, fills it, and creates its text index and the triggers that keep it. */
export async function createClientVerificationSearch(db: AnyDb): Promise<void> {
  await sql.raw(`alter table ${TABLE} add column search_text text not null default ''`).execute(db);
  await sql.raw(`update ${TABLE} set search_text = ${userTextOf(TABLE)}`).execute(db);
  if (isPostgres(db)) {
    await sql.raw(`create index ${TRGM} on ${TABLE} using gin (search_text gin_trgm_ops)`).execute(db);
    await createPostgresSync(db);
    return;
  }
  await sql
    .raw(
      `create virtual table ${FTS} using fts5(search_text, content='${TABLE}', content_rowid='id', tokenize='trigram')`,
    )
    .execute(db);
  // The rows with an empty text (a user without one) stay out of the index, as the triggers keep it.
  await sql
    .raw(
      `insert into ${FTS} (rowid, search_text) select id, search_text from ${TABLE} where search_text <> ''`,
    )
    .execute(db);
  for (const trigger of SQLITE_TRIGGERS) await sql.raw(trigger).execute(db);
}

export async function dropClientVerificationSearch(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`drop trigger if exists ${USER_TRIGGER} on users`).execute(db);
    await sql.raw(`drop function if exists ${USER_TRIGGER}()`).execute(db);
    await sql.raw(`drop trigger if exists ${TABLE}_user_text on ${TABLE}`).execute(db);
    await sql.raw(`drop function if exists ${TABLE}_user_text()`).execute(db);
    await sql.raw(`drop index if exists ${TRGM}`).execute(db);
  } else {
    for (const name of SQLITE_TRIGGER_NAMES) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    await sql.raw(`drop table if exists ${FTS}`).execute(db);
  }
  await sql.raw(`alter table ${TABLE} drop column search_text`).execute(db);
}
