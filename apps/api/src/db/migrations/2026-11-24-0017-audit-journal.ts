import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * The audit journal (issue 17): `audit_entries`, one row per administrator action on one object, per
 * login attempt and per look at private data, written by the API in the transaction of the change
 * it records.
 * - Append-only: a trigger refuses every UPDATE (and TRUNCATE on PostgreSQL) and every DELETE except
 *   the retention purge's, which must name its cutoff first — PostgreSQL: the transaction-local
 *   setting `kwanza.audit_purge_before`; SQLite: a row of `audit_purges` inside its transaction —
 *   and may only remove rows older than that cutoff, itself at least a day old.
 * - Indexed for every filter of the list, each ordered by time: admin, action, object (type and id),
 *   period; `search_text` has the text index of every searchable table (SQLite FTS5 trigram,
 *   PostgreSQL pg_trgm).
 * - No counters: a kept count would be one hot row updated by every write of the platform; the
 *   list counts up to the search cap instead.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

const REFUSED = "Le journal d''audit ne peut être ni modifié ni supprimé.";

const INDEXES: { name: string; columns: string[] }[] = [
  { name: 'audit_entries_time_idx', columns: ['created_at', 'id'] },
  { name: 'audit_entries_admin_idx', columns: ['admin_id', 'created_at', 'id'] },
  { name: 'audit_entries_action_idx', columns: ['action', 'created_at', 'id'] },
  { name: 'audit_entries_object_idx', columns: ['object_type', 'object_id', 'created_at', 'id'] },
];

export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('audit_entries')
    .addColumn('id', postgres ? 'bigint' : 'integer', (column) =>
      postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    )
    .addColumn('created_at', postgres ? 'timestamptz' : 'text', (column) => column.notNull())
    .addColumn('admin_id', 'integer')
    .addColumn('admin_label', 'varchar(300)')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('ip_address', 'varchar(64)')
    .addColumn('action', 'varchar(64)', (column) => column.notNull())
    .addColumn('object_type', 'varchar(32)')
    .addColumn('object_id', 'integer')
    .addColumn('object_label', 'varchar(300)')
    .addColumn('changes', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('details', 'text')
    .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  for (const index of INDEXES) {
    await db.schema.createIndex(index.name).on('audit_entries').columns(index.columns).execute();
  }

  if (postgres) {
    await sql
      .raw('create index audit_entries_search_trgm_idx on audit_entries using gin (search_text gin_trgm_ops)')
      .execute(db);
    await sql
      .raw(`create function audit_entries_append_only() returns trigger language plpgsql as $$
        declare
          cutoff timestamptz := nullif(current_setting('kwanza.audit_purge_before', true), '')::timestamptz;
        begin
          if tg_op = 'DELETE' and cutoff is not null and cutoff <= now() - interval '1 day'
             and OLD.created_at < cutoff then
            return OLD;
          end if;
          raise exception '${REFUSED}' using errcode = 'P0001';
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger audit_entries_append_only before update or delete on audit_entries
        for each row execute function audit_entries_append_only()`)
      .execute(db);
    await sql
      .raw(`create trigger audit_entries_no_truncate before truncate on audit_entries
        for each statement execute function audit_entries_append_only()`)
      .execute(db);
    return;
  }

  await db.schema
    .createTable('audit_purges')
    .addColumn('cutoff', 'text', (column) => column.notNull())
    .execute();
  await sql
    .raw(`create trigger audit_entries_no_update before update on audit_entries
      begin select raise(abort, '${REFUSED}'); end`)
    .execute(db);
  await sql
    .raw(`create trigger audit_entries_no_delete before delete on audit_entries
      when not exists (
        select 1 from audit_purges p
        where OLD.created_at < p.cutoff and p.cutoff <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')
      )
      begin select raise(abort, '${REFUSED}'); end`)
    .execute(db);
  await sql
    .raw(
      `create virtual table audit_entries_fts using fts5(search_text, content='audit_entries', content_rowid='id', tokenize='trigram')`,
    )
    .execute(db);
  await sql
    .raw(`create trigger audit_entries_fts_insert after insert on audit_entries begin
      insert into audit_entries_fts (rowid, search_text) values (NEW.id, NEW.search_text); end`)
    .execute(db);
  await sql
    .raw(`create trigger audit_entries_fts_delete after delete on audit_entries begin
      insert into audit_entries_fts (audit_entries_fts, rowid, search_text) values ('delete', OLD.id, OLD.search_text); end`)
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop table if exists audit_entries').execute(db);
    await sql.raw('drop function if exists audit_entries_append_only()').execute(db);
    return;
  }
  await sql.raw('drop table if exists audit_entries_fts').execute(db);
  await sql.raw('drop table if exists audit_entries').execute(db);
  await sql.raw('drop table if exists audit_purges').execute(db);
}
