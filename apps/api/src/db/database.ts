import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { SqliteBooleanPlugin } from './sql.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; SQLite when absent. */
  databaseUrl: string | undefined;
  /** Folder that holds `kwanza.sqlite` for SQLite. */
  dataDir: string;
}

const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Type parsers for this pool only: timestamps come back as ISO strings (as on SQLite), counts and
 * amounts as numbers, dates as YYYY-MM-DD text.
 */
const postgresTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMPTZ_OID || oid === TIMESTAMP_OID) {
      const parseDate = pg.types.getTypeParser(oid, 'text');
      return (value: string) => (parseDate(value) as Date).toISOString();
    }
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    if (oid === DATE_OID) return (value: string) => value;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
};

export function sqliteFilePath(dataDir: string): string {
  return path.join(dataDir, 'kwanza.sqlite');
}

/** Opens the Kysely instance of the configured dialect. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, types: postgresTypes });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(sqliteFilePath(options.dataDir));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
