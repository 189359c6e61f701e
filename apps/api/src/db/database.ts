import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type LogConfig, PostgresDialect } from 'kysely';
import pg from 'pg';
import { isoFromPostgresTimestamp } from './postgres-timestamps.js';
import { type PoolErrorListener, ResilientPool } from './resilient-pool.js';
import type { Database } from './schema.js';
import { SqliteBooleanPlugin } from './sql.js';
import { LockWaitingSqliteDialect } from './sqlite-dialect.js';
import { sqliteFilePath } from './sqlite-file.js';
import { StatementCache } from './statement-cache.js';
import { createWordStartVocabularies } from './word-starts.js';

export { sqliteFilePath };

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where errors of idle or checked-out connections go (they must never end the process). */
  setErrorListener?(listener: PoolErrorListener): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; SQLite when absent. */
  databaseUrl: string | undefined;
  /** Folder that holds `kwanza.sqlite` for SQLite. */
  dataDir: string;
  /**
   * Longest a query may run (PostgreSQL `statement_timeout`, plus a client-side read time-out for a
   * server that stopped answering) and longest SQLite waits for a lock. None when absent: migrations
   * and the seed may run long.
   */
  databaseQueryTimeoutMs?: number;
  /** Longest wait for a new PostgreSQL connection (default 5 s). */
  databaseConnectTimeoutMs?: number;
  /** PostgreSQL connections per process (default 10). */
  databasePoolSize?: number;
  /** SQLite's page cache, in MB (SQLite's own default is 2). */
  sqliteCacheMb?: number;
  /**
   * SQLite: pages the write-ahead log may hold before a commit on this connection copies them into
   * the database file (`wal_autocheckpoint`; SQLite's default, 1,000, when absent). The API processes
   * under a supervisor take a far larger one: the supervisor checkpoints (db/wal-checkpoints.ts).
   */
  sqliteAutocheckpointPages?: number;
  /**
   * Sees every SQL statement run, as sent to the driver, and how long the driver took to answer it
   * (the benchmark compares that with the same statements run by the bare driver).
   */
  onQuery?: (sql: string, parameters: readonly unknown[], durationMs: number) => void;
}

function queryLog(options: DatabaseOptions): { log?: LogConfig } {
  const { onQuery } = options;
  if (!onQuery) return {};
  return {
    log: (event) => {
      if (event.level === 'query')
        onQuery(event.query.sql, event.query.parameters, event.queryDurationMillis);
    },
  };
}

/** Margin between the server's statement time-out and the client's read time-out. */
const CLIENT_READ_MARGIN_MS = 2_000;
const DEFAULT_SQLITE_LOCK_TIMEOUT_MS = 5_000;
/**
 * SQLite page cache of an API process. Its own default (2 MB) holds too few pages of the text
 * indexes: a search read the same doclist pages from the operating system on every request (four
 * searches of the bench: 8.4 → 5.1 ms at 16 MB, no gain at 8 MB). Two processes cost 28 MB more.
 */
export const DEFAULT_SQLITE_CACHE_MB = 16;

/**
 * Settings of every PostgreSQL session of the API (and of the bench's bare driver, to compare like
 * with like). JIT compilation off: the console's statements are short, but a capped count or a page
 * whose plan checks a related row on each visited row is estimated past `jit_above_cost`, and
 * compiling it cost 10 ms more than running it (notifications `?search=ana` at a million users).
 * Synchronized sequential scans off: PostgreSQL starts a scan of a table larger than a quarter of its
 * buffers where the last one stood, so a search's sample of a related table's first matches
 * (`select id … limit 1001`, db/search.ts `planRelatedSearch`) read other rows at each request, and
 * once in some twenty it wrapped past the table's end: its ids then spanned the whole table, the term
 * looked rare, and the list's plan read every match (reports `?search=ana` at a million users: 35 ms,
 * and 750 ms to 1.2 s each time the sample wrapped). Each scan now starts at the table's first page.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off -c synchronize_seqscans=off';

const logPoolError: PoolErrorListener = (error) => {
  console.warn(`Base de données : connexion perdue (${error.message})`);
};

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
      const throughDate = (value: string) => (parseDate(value) as Date).toISOString();
      return (value: string) => isoFromPostgresTimestamp(value, throughDate);
    }
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    if (oid === DATE_OID) return (value: string) => value;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
};

/**
 * The data folder readable by its owner only (0700), created if needed. An existing folder is
 * tightened too, so that an installation made before this rule is fixed at its next start.
 */
export function ensurePrivateDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  tightenMode(directory, 0o700);
}

function tightenMode(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch {
    // Not ours to change (a mounted volume...): the operator's permissions stay.
  }
}

/**
 * Creates the SQLite file 0600 before SQLite opens it (SQLite gives its -wal and -shm files the
 * mode of the database file), and tightens the files of an existing installation.
 */
function preparePrivateSqliteFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) tightenMode(file + suffix, 0o600);
  }
}

/** Opens the Kysely instance of the configured dialect. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const queryTimeout = options.databaseQueryTimeoutMs;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.databasePoolSize ?? 10,
      types: postgresTypes,
      connectionTimeoutMillis: options.databaseConnectTimeoutMs ?? 5_000,
      keepAlive: true,
      application_name: 'kwanza-admin',
      options: POSTGRES_SESSION_OPTIONS,
      ...(queryTimeout
        ? { statement_timeout: queryTimeout, query_timeout: queryTimeout + CLIENT_READ_MARGIN_MS }
        : {}),
    });
    const resilient = new ResilientPool(pool, logPoolError);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: resilient }),
      ...queryLog(options),
    });
    return {
      db,
      dialect: 'postgres',
      setErrorListener: (listener) => resilient.setErrorListener(listener),
      close: () => db.destroy(),
    };
  }
  ensurePrivateDirectory(options.dataDir);
  const file = sqliteFilePath(options.dataDir);
  preparePrivateSqliteFile(file);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // No wait inside SQLite's calls: the dialect waits for the write lock without blocking the process.
  sqlite.pragma('busy_timeout = 0');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`cache_size = ${-1024 * (options.sqliteCacheMb ?? DEFAULT_SQLITE_CACHE_MB)}`);
  createWordStartVocabularies(sqlite);
  if (options.sqliteAutocheckpointPages !== undefined) {
    sqlite.pragma(`wal_autocheckpoint = ${Math.trunc(options.sqliteAutocheckpointPages)}`);
  }
  const db = new Kysely<Database>({
    dialect: new LockWaitingSqliteDialect({
      database: new StatementCache(sqlite),
      lockTimeoutMs: options.databaseQueryTimeoutMs ?? DEFAULT_SQLITE_LOCK_TIMEOUT_MS,
    }),
    plugins: [new SqliteBooleanPlugin()],
    ...queryLog(options),
  });
  sqliteConnections.set(db, sqlite);
  return { db, dialect: 'sqlite', setErrorListener: () => undefined, close: () => db.destroy() };
}

const sqliteConnections = new WeakMap<Kysely<Database>, SqliteDatabase.Database>();

/**
 * The better-sqlite3 connection under a database opened by `openDatabase` (SQLite), for what SQL
 * cannot ask of it: the seed's copy of its text indexes' pages (seed/parallel-text-indexes) writes
 * FTS5's own tables, which the driver's defensive mode refuses.
 */
export function sqliteConnectionOf(db: Kysely<Database>): SqliteDatabase.Database | undefined {
  return sqliteConnections.get(db);
}
