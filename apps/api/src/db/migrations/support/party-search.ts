import { sql } from 'kysely';
import { type Flavor, flavorOf } from './counters.js';

/*
 * Frozen with the migration that created it (2026-11-25-0021): no application imports. The seed
 * reuses `dropPartySearchSync` / `rebuildPartySearch` around its SQLite bulk load.
 *
 * A conversation and a dispute are found by their parties (the client's and the provider's names,
 * e-mails and phones). Looked up through `users` for each listed row, a common name ('ana', 'silva')
 * cost two user lookups per row of the list, up to the count's cap. The parties' texts are now kept
 * ON the row, in its own text index:
 * - `conversations.search_text` (a conversation has no other searched text);
 * - `disputes.party_text` (beside `disputes.search_text`, the dispute's own title and description).
 * Each holds the client's `users.search_text`, a line break, then the provider's.
 *
 * Database triggers keep them exact in the same transaction as every write, whoever writes:
 * - a row inserted with an empty text gets its parties' texts (a writer that already knows them,
 *   like the seed, may give them);
 * - a change of a user's `search_text` (details edited, account deleted) rewrites the texts of the
 *   user's conversations and disputes.
 * On PostgreSQL the insert trigger reads the parties FOR SHARE (lowest id first): a concurrent change
 * of a party's details waits for the insert to commit and then rewrites its text, or the insert waits
 * for the change and reads the new text. SQLite has one writer at a time.
 *
 * Text indexes as for the other searched texts (migrations/support/search-index): an external-content
 * FTS5 trigram table on SQLite, `conversations_fts` and `dispute_parties_fts`, whose sync triggers
 * skip empty texts (a row is indexed once its parties' text is set); a pg_trgm GIN index on
 * PostgreSQL.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = import('kysely').Kysely<any>;

interface PartyText {
  table: 'conversations' | 'disputes';
  column: 'search_text' | 'party_text';
  fts: string;
  trgm: string;
}

const PARTY_TEXTS: readonly PartyText[] = [
  {
    table: 'conversations',
    column: 'search_text',
    fts: 'conversations_fts',
    trgm: 'conversations_search_trgm_idx',
  },
  { table: 'disputes', column: 'party_text', fts: 'dispute_parties_fts', trgm: 'disputes_party_trgm_idx' },
];

const SEPARATOR = { sqlite: 'char(10)', postgres: 'chr(10)' } as const;

/** The parties' text of row `row` of a conversation or dispute, read from `users`. */
function partiesOf(row: string, flavor: Flavor): string {
  const text = (column: string) =>
    `coalesce((select u.search_text from users u where u.id = ${row}.${column}), '')`;
  return `${text('client_id')} || ${SEPARATOR[flavor]} || ${text('provider_id')}`;
}

function sqliteSyncTriggers(party: PartyText): string[] {
  const { table, column, fts } = party;
  return [
    `create trigger ${fts}_fill after insert on ${table} when NEW.${column} = '' begin
      update ${table} set ${column} = ${partiesOf(table, 'sqlite')} where id = NEW.id; end`,
    `create trigger ${fts}_insert after insert on ${table} when NEW.${column} <> '' begin
      insert into ${fts} (rowid, ${column}) values (NEW.id, NEW.${column}); end`,
    `create trigger ${fts}_update after update of ${column} on ${table} begin
      insert into ${fts} (${fts}, rowid, ${column}) select 'delete', OLD.id, OLD.${column} where OLD.${column} <> '';
      insert into ${fts} (rowid, ${column}) select NEW.id, NEW.${column} where NEW.${column} <> ''; end`,
    `create trigger ${fts}_delete after delete on ${table} when OLD.${column} <> '' begin
      insert into ${fts} (${fts}, rowid, ${column}) values ('delete', OLD.id, OLD.${column}); end`,
  ];
}

/** SQLite: rewrites the parties' texts of a user's rows when the user's text changes. */
function sqliteUserTrigger(): string {
  const updates = PARTY_TEXTS.map(
    ({ table, column }) =>
      `update ${table} set ${column} = ${partiesOf(table, 'sqlite')} where client_id = NEW.id or provider_id = NEW.id;`,
  );
  return `create trigger users_party_text after update of search_text on users
    when OLD.search_text is not NEW.search_text begin ${updates.join(' ')} end`;
}

const SQLITE_TRIGGER_NAMES = [
  ...PARTY_TEXTS.flatMap(({ fts }) =>
    ['fill', 'insert', 'update', 'delete'].map((suffix) => `${fts}_${suffix}`),
  ),
  'users_party_text',
];

async function createSqliteSync(db: AnyDb): Promise<void> {
  for (const party of PARTY_TEXTS) {
    for (const trigger of sqliteSyncTriggers(party)) await sql.raw(trigger).execute(db);
  }
  await sql.raw(sqliteUserTrigger()).execute(db);
}

async function createPostgresSync(db: AnyDb): Promise<void> {
  for (const { table, column } of PARTY_TEXTS) {
    await sql
      .raw(`create or replace function ${table}_party_text() returns trigger language plpgsql as $$
      declare
        party record;
        client_text text := '';
        provider_text text := '';
      begin
        if NEW.${column} <> '' then return NEW; end if;
        for party in
          select id, search_text from users where id in (NEW.client_id, NEW.provider_id) order by id for share
        loop
          if party.id = NEW.client_id then client_text := party.search_text; end if;
          if party.id = NEW.provider_id then provider_text := party.search_text; end if;
        end loop;
        NEW.${column} := client_text || chr(10) || provider_text;
        return NEW;
      end $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_party_text before insert on ${table}
        for each row execute function ${table}_party_text()`)
      .execute(db);
  }
  const updates = PARTY_TEXTS.map(
    ({ table, column }) =>
      `update ${table} set ${column} = ${partiesOf(table, 'postgres')} where client_id = NEW.id or provider_id = NEW.id;`,
  );
  await sql
    .raw(`create or replace function users_party_text() returns trigger language plpgsql as $$
      begin ${updates.join(' ')} return null; end $$`)
    .execute(db);
  await sql
    .raw(`create trigger users_party_text after update of search_text on users
      for each row when (OLD.search_text is distinct from NEW.search_text) execute function users_party_text()`)
    .execute(db);
}

/** Adds the columns, fills them, and creates their text indexes and the triggers that keep them. */
export async function createPartySearch(db: AnyDb, flavor: Flavor): Promise<void> {
  for (const { table, column } of PARTY_TEXTS) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await sql.raw(`update ${table} set ${column} = ${partiesOf(table, flavor)}`).execute(db);
  }
  if (flavor === 'postgres') {
    for (const { table, column, trgm } of PARTY_TEXTS) {
      await sql.raw(`create index ${trgm} on ${table} using gin (${column} gin_trgm_ops)`).execute(db);
    }
    await createPostgresSync(db);
    return;
  }
  for (const { table, column, fts } of PARTY_TEXTS) {
    await sql
      .raw(
        `create virtual table ${fts} using fts5(${column}, content='${table}', content_rowid='id', tokenize='trigram')`,
      )
      .execute(db);
    await sql.raw(`insert into ${fts} (${fts}) values ('rebuild')`).execute(db);
  }
  await createSqliteSync(db);
}

export async function dropPartySearch(db: AnyDb, flavor: Flavor): Promise<void> {
  if (flavor === 'postgres') {
    await sql.raw('drop trigger if exists users_party_text on users').execute(db);
    await sql.raw('drop function if exists users_party_text()').execute(db);
    for (const { table, trgm } of PARTY_TEXTS) {
      await sql.raw(`drop trigger if exists ${table}_party_text on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${table}_party_text()`).execute(db);
      await sql.raw(`drop index if exists ${trgm}`).execute(db);
    }
  } else {
    for (const name of SQLITE_TRIGGER_NAMES) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    for (const { fts } of PARTY_TEXTS) await sql.raw(`drop table if exists ${fts}`).execute(db);
  }
  for (const { table, column } of PARTY_TEXTS) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}

/**
 * Seed bulk load on SQLite: the triggers stand aside (rows are inserted with empty texts), then
 * `rebuildPartySearch` fills every empty text in one pass and re-indexes them at once.
 */
export async function dropPartySearchSync(db: AnyDb): Promise<void> {
  if (flavorOf(db) !== 'sqlite') return;
  for (const name of SQLITE_TRIGGER_NAMES) await sql.raw(`drop trigger if exists ${name}`).execute(db);
}

/**
 * SQLite: fills the parties' texts left empty, rebuilds their text indexes and creates the triggers
 * again. `builtApart`: text indexes built otherwise, over texts all given with their rows (the seed's,
 * seed/parallel-text-indexes): left as they are.
 */
export async function rebuildPartySearch(db: AnyDb, builtApart: readonly string[] = []): Promise<void> {
  if (flavorOf(db) !== 'sqlite') return;
  for (const name of SQLITE_TRIGGER_NAMES) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  for (const { table, column, fts } of PARTY_TEXTS) {
    if (builtApart.includes(fts)) continue;
    await sql
      .raw(`update ${table} set ${column} = ${partiesOf(table, 'sqlite')} where ${column} = ''`)
      .execute(db);
    await sql.raw(`insert into ${fts} (${fts}) values ('rebuild')`).execute(db);
  }
  await createSqliteSync(db);
}
