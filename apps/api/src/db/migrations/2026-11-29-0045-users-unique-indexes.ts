import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * SQLite: the users' unique usernames and e-mails are kept by two named unique indexes
 * (`users_username_key`, `users_email_key`, the names PostgreSQL gives its constraints) instead of
 * the table's column constraints, whose automatic indexes cannot be dropped. Both are the same b-tree
 * (the column, then the rowid, unique on the column), checked the same way with the same error
 * ('UNIQUE constraint failed: users.email'); what changes is that the seed's bulk load can now stand
 * them aside like the table's other indexes and build them once from the loaded rows
 * (seed/bulk-load). Each user's name and e-mail fall at a random place of those two b-trees: inserting
 * a million users took 21.2 s with them and 3.8 s without (a probe copying the seed's rows in the
 * seed's statements), and each is built in about half a second afterwards.
 *
 * SQLite cannot drop a column constraint but by rebuilding the table, which would need foreign keys
 * off (outside the migrations' transaction) and would copy every row. As the change leaves every page
 * as it is, the schema's text is edited instead: the procedure SQLite documents for changes that do
 * not touch the stored content (lang_altertable, "making other kinds of table schema changes"), in
 * the migrations' transaction, with the schema version raised so that every connection reads the
 * schema again. The table's definition loses `unique` on the two columns; each automatic index's row
 * becomes a named unique index on the same root page. It needs the driver's defensive mode off, which
 * db/migrate does while migrations run. PostgreSQL keeps its constraints.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

interface UniqueKey {
  column: string;
  /** The column's definition in the table's SQL, without its constraint. */
  definition: string;
  /** SQLite's name of the constraint's index (numbered in the order of the table's constraints). */
  automatic: string;
  named: string;
}

const KEYS: readonly UniqueKey[] = [
  {
    column: 'username',
    definition: '"username" varchar(150) not null',
    automatic: 'sqlite_autoindex_users_1',
    named: 'users_username_key',
  },
  {
    column: 'email',
    definition: '"email" varchar(254) not null',
    automatic: 'sqlite_autoindex_users_2',
    named: 'users_email_key',
  },
];

function namedIndexSql(key: UniqueKey): string {
  return `CREATE UNIQUE INDEX "${key.named}" on "users" ("${key.column}")`;
}

async function single<T>(db: AnyDb, query: ReturnType<typeof sql<T>>): Promise<T | undefined> {
  const { rows } = await query.execute(db);
  return rows[0];
}

async function usersTableSql(db: AnyDb): Promise<string> {
  const row = await single(
    db,
    sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'users'`,
  );
  if (!row) throw new Error('table users introuvable');
  return row.sql;
}

/** The index's only column, or undefined when there is no such index. */
async function indexedColumn(db: AnyDb, index: string): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`select name from pragma_index_info(${index})`.execute(db);
  return rows.length === 1 ? rows[0]?.name : undefined;
}

/** Replaces `from` by `to` in `text`, which must hold it exactly once. */
function replacedOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + from.length) >= 0) {
    throw new Error(`définition de users inattendue autour de ${from}`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * Runs `edit` (updates of sqlite_master) with the schema writable, then raises the schema version and
 * has the schema read again.
 */
async function editSchema(db: AnyDb, edit: () => Promise<void>): Promise<void> {
  const version = await single(db, sql<{ schema_version: number }>`pragma schema_version`);
  await sql`pragma writable_schema = on`.execute(db);
  const writable = await single(db, sql<{ writable_schema: number }>`pragma writable_schema`);
  if (Number(writable?.writable_schema) !== 1) {
    throw new Error('le schéma ne peut pas être modifié : mode défensif de SQLite actif');
  }
  try {
    await edit();
    await sql
      .raw(`pragma schema_version = ${Math.trunc(Number(version?.schema_version ?? 0)) + 1}`)
      .execute(db);
  } finally {
    // Off again, and the schema read again from the edited rows.
    await sql`pragma writable_schema = reset`.execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  let table = await usersTableSql(db);
  for (const key of KEYS) {
    if ((await indexedColumn(db, key.automatic)) !== key.column) {
      throw new Error(`index ${key.automatic} inattendu`);
    }
    table = replacedOnce(table, `${key.definition} unique`, key.definition);
  }
  await editSchema(db, async () => {
    await sql`update sqlite_master set sql = ${table} where type = 'table' and name = 'users'`.execute(db);
    for (const key of KEYS) {
      await sql`update sqlite_master set name = ${key.named}, sql = ${namedIndexSql(key)}
        where type = 'index' and name = ${key.automatic}`.execute(db);
    }
  });
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  let table = await usersTableSql(db);
  for (const key of KEYS) {
    if ((await indexedColumn(db, key.named)) !== key.column)
      throw new Error(`index ${key.named} introuvable`);
    table = replacedOnce(table, key.definition, `${key.definition} unique`);
  }
  await editSchema(db, async () => {
    await sql`update sqlite_master set sql = ${table} where type = 'table' and name = 'users'`.execute(db);
    for (const key of KEYS) {
      await sql`update sqlite_master set name = ${key.automatic}, sql = null
        where type = 'index' and name = ${key.named}`.execute(db);
    }
  });
}
