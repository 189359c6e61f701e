import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * The category catalogue becomes safe to edit:
 * - `name_key` (the name in lower case without accents) is unique among categories and among the
 *   subcategories of one parent, so 'Électricité' and 'electricite' cannot both exist even when two
 *   admins save at the same moment. Rows written outside the API (older test factories) may leave it
 *   null; the API always sets it.
 * - `projects_count` on categories and subcategories is kept by triggers on `projects` in the same
 *   transaction as every write, so the catalogue shows how many projects use each entry without
 *   counting the projects table per request.
 * - `projects.subcategory_id` is indexed (moves and the foreign key's `set null` look it up).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

function normalize(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

const TABLES = [
  { table: 'categories', column: 'category_id' },
  { table: 'subcategories', column: 'subcategory_id' },
] as const;

function adjust(table: string, column: string, row: 'NEW' | 'OLD', sign: '+' | '-'): string {
  return `update ${table} set projects_count = projects_count ${sign} 1 where id = ${row}.${column};`;
}

async function backfill(db: AnyDb): Promise<void> {
  for (const { table } of TABLES) {
    const rows: { id: number; name: string }[] = await db.selectFrom(table).select(['id', 'name']).execute();
    for (const row of rows) {
      await db
        .updateTable(table)
        .set({ name_key: normalize(row.name) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  for (const { table, column } of TABLES) {
    await sql
      .raw(
        `update ${table} set projects_count = (select count(*) from projects p where p.${column} = ${table}.id)`,
      )
      .execute(db);
  }
}

async function createTriggers(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    const body = (op: 'INSERT' | 'UPDATE' | 'DELETE') => {
      const parts: string[] = [];
      for (const { table, column } of TABLES) {
        if (op === 'INSERT') parts.push(adjust(table, column, 'NEW', '+'));
        if (op === 'DELETE') parts.push(adjust(table, column, 'OLD', '-'));
        if (op === 'UPDATE')
          parts.push(
            `if OLD.${column} is distinct from NEW.${column} then ${adjust(table, column, 'OLD', '-')} ${adjust(table, column, 'NEW', '+')} end if;`,
          );
      }
      return parts.join('\n');
    };
    await sql
      .raw(`create or replace function projects_catalogue_counts() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then ${body('INSERT')} return NEW; end if;
          if tg_op = 'UPDATE' then ${body('UPDATE')} return NEW; end if;
          ${body('DELETE')} return OLD;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger projects_catalogue_counts after insert or update of category_id, subcategory_id or delete
            on projects for each row execute function projects_catalogue_counts()`)
      .execute(db);
    return;
  }
  const all = (row: 'NEW' | 'OLD', sign: '+' | '-') =>
    TABLES.map(({ table, column }) => adjust(table, column, row, sign)).join('\n');
  await sql
    .raw(`create trigger projects_catalogue_insert after insert on projects begin ${all('NEW', '+')} end`)
    .execute(db);
  await sql
    .raw(`create trigger projects_catalogue_delete after delete on projects begin ${all('OLD', '-')} end`)
    .execute(db);
  await sql
    .raw(`create trigger projects_catalogue_update after update of category_id, subcategory_id on projects
          begin ${all('OLD', '-')} ${all('NEW', '+')} end`)
    .execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  for (const { table } of TABLES) {
    await db.schema.alterTable(table).addColumn('name_key', 'varchar(100)').execute();
    await db.schema
      .alterTable(table)
      .addColumn('projects_count', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  }
  await backfill(db);
  await db.schema
    .createIndex('categories_name_key_idx')
    .on('categories')
    .column('name_key')
    .unique()
    .execute();
  await db.schema
    .createIndex('subcategories_name_key_idx')
    .on('subcategories')
    .columns(['category_id', 'name_key'])
    .unique()
    .execute();
  await db.schema.createIndex('projects_subcategory_idx').on('projects').column('subcategory_id').execute();
  await createTriggers(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger if exists projects_catalogue_counts on projects').execute(db);
    await sql.raw('drop function if exists projects_catalogue_counts()').execute(db);
  } else {
    for (const suffix of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists projects_catalogue_${suffix}`).execute(db);
    }
  }
  await db.schema.dropIndex('projects_subcategory_idx').ifExists().execute();
  await db.schema.dropIndex('subcategories_name_key_idx').ifExists().execute();
  await db.schema.dropIndex('categories_name_key_idx').ifExists().execute();
  for (const { table } of TABLES) {
    await db.schema.alterTable(table).dropColumn('projects_count').execute();
    await db.schema.alterTable(table).dropColumn('name_key').execute();
  }
}
