import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { dialectOf } from '../db/sql.js';

/*
 * The seed's multi-row inserts, written as SQL directly: building them through Kysely's query
 * builder (parsing each row's values into an operation tree, compiling it back) cost a third of a
 * million-user seed's JavaScript time. Statements stay short enough for the SQLite statement cache
 * (db/statement-cache), so each batch shape is prepared once, and under both databases' bind
 * parameter limits (PostgreSQL 65 535, SQLite 32 766).
 */

const MAX_BIND_PARAMETERS = 30_000;
/** SQL length a batch's statement stays under (db/statement-cache keeps statements up to 8 KB). */
const STATEMENT_SQL_BUDGET = 7_500;

/** Rows per statement for rows of `columns` columns. */
export function rowsPerStatement(columns: number): number {
  const width = Math.max(1, columns);
  // A row's placeholders: "(?, ?, …)", about 3 characters a column.
  const bySql = Math.floor(STATEMENT_SQL_BUDGET / (width * 3 + 4));
  return Math.max(1, Math.min(Math.floor(MAX_BIND_PARAMETERS / width), bySql));
}

const statements = new Map<string, string>();

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

function statementText(
  table: string,
  columns: readonly string[],
  rows: number,
  postgres: boolean,
  returningIds: boolean,
): string {
  const key = `${postgres ? 'pg' : 'sqlite'}|${table}|${columns.join(',')}|${rows}|${returningIds}`;
  const known = statements.get(key);
  if (known) return known;
  let parameter = 0;
  const values: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    const placeholders = columns.map(() => {
      parameter += 1;
      return postgres ? `$${parameter}` : '?';
    });
    values.push(`(${placeholders.join(', ')})`);
  }
  const text =
    `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values ${values.join(', ')}` +
    (returningIds ? ' returning "id"' : '');
  statements.set(key, text);
  return text;
}

/**
 * Inserts `rows` into `table`, batch by batch, and returns the generated ids in row order when
 * `returningIds`. A column missing from a row is inserted as null; on SQLite booleans become 1/0.
 */
export async function insertRows<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  returningIds = false,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columnSet = new Set<string>();
  for (const row of rows) for (const column of Object.keys(row)) columnSet.add(column);
  const columns = [...columnSet];
  const postgres = dialectOf(db) === 'postgres';
  if (postgres) return insertColumnArrays(db, table, columns, rows, returningIds);
  const size = rowsPerStatement(columns.length);
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    const parameters: unknown[] = [];
    for (const row of batch) {
      const values = row as Record<string, unknown>;
      for (const column of columns) {
        const value = values[column];
        parameters.push(
          value === undefined ? null : !postgres && typeof value === 'boolean' ? Number(value) : value,
        );
      }
    }
    const text = statementText(table, columns, batch.length, postgres, returningIds);
    const result = await db.executeQuery<{ id: number | string }>(CompiledQuery.raw(text, parameters));
    if (!returningIds) continue;
    if (result.rows.length !== batch.length) throw new Error('Insertion incomplète pendant le remplissage');
    for (const row of result.rows) ids.push(Number(row.id));
  }
  return ids;
}

/**
 * PostgreSQL: rows per statement. One array per column, so the statement stays one short text
 * whatever the number of rows.
 */
export const POSTGRES_ROWS_PER_STATEMENT = 5_000;

const columnTypes = new WeakMap<object, Map<string, Map<string, string>>>();

/** Each column's SQL type (as `format_type` writes it), read once per table and connection pool. */
async function typesOf<DB>(db: Kysely<DB>, table: string): Promise<Map<string, string>> {
  const executor = db.getExecutor();
  let tables = columnTypes.get(executor);
  if (!tables) {
    tables = new Map();
    columnTypes.set(executor, tables);
  }
  const known = tables.get(table);
  if (known) return known;
  const { rows } = await db.executeQuery<{ name: string; type: string }>(
    CompiledQuery.raw(
      `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
       where attrelid = $1::regclass and attnum > 0 and not attisdropped`,
      [quoted(table)],
    ),
  );
  const types = new Map(rows.map((row) => [row.name, row.type]));
  tables.set(table, types);
  return types;
}

const NEEDS_ESCAPE = /["\\]/;

/**
 * One column of `rows` as a PostgreSQL array literal ('{"a",NULL,"b \\"c\\""}'), which the statement
 * casts to the column's array type. The driver would build the same text from a JavaScript array, but
 * with two regular-expression replacements per element: a tenth of a large seed's JavaScript time.
 * Every element is quoted (so 'NULL' stays a text and a bare NULL is null); only a text with a quote
 * or a backslash is escaped. Booleans are written as PostgreSQL reads them (true / false).
 */
export function arrayLiteral(rows: readonly Record<string, unknown>[], column: string): string {
  const elements: string[] = [];
  for (const row of rows) {
    const value = row[column];
    if (value === null || value === undefined) {
      elements.push('NULL');
      continue;
    }
    if (typeof value === 'object')
      throw new TypeError(`Valeur non scalaire pendant le remplissage : ${column}`);
    const text = typeof value === 'string' ? value : String(value);
    elements.push(
      NEEDS_ESCAPE.test(text) ? `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : `"${text}"`,
    );
  }
  return `{${elements.join(',')}}`;
}

/**
 * PostgreSQL: `insert … select * from unnest($1::type[], $2::type[], …)`, one array per column. A
 * multi-row VALUES of thousands of placeholders is parsed and planned again at every statement (the
 * driver prepares none): a statement per 5,000 rows with one parameter per column costs a fraction.
 * The ids come back sorted: one session's sequence numbers follow the insertion order.
 */
async function insertColumnArrays<DB>(
  db: Kysely<DB>,
  table: string,
  columns: readonly string[],
  rows: readonly object[],
  returningIds: boolean,
): Promise<number[]> {
  const types = await typesOf(db, table);
  const arrays = columns.map((column, position) => {
    const type = types.get(column);
    if (!type) throw new Error(`Colonne inconnue pendant le remplissage : ${table}.${column}`);
    return `$${position + 1}::${type}[]`;
  });
  const text =
    `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) select * from unnest(${arrays.join(', ')})` +
    (returningIds ? ' returning "id"' : '');
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += POSTGRES_ROWS_PER_STATEMENT) {
    const batch = rows.slice(start, start + POSTGRES_ROWS_PER_STATEMENT) as readonly Record<
      string,
      unknown
    >[];
    const parameters = columns.map((column) => arrayLiteral(batch, column));
    const result = await db.executeQuery<{ id: number | string }>(CompiledQuery.raw(text, parameters));
    if (!returningIds) continue;
    if (result.rows.length !== batch.length) throw new Error('Insertion incomplète pendant le remplissage');
    const batchIds = result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    for (const id of batchIds) ids.push(id);
  }
  return ids;
}
