import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * Kysely's SQLite driver, except that transactions start with `BEGIN IMMEDIATE`: the write lock is
 * taken when the transaction starts, not at its first write. With several processes on one file
 * (the API on every core), a deferred transaction that read a row and then writes it fails with
 * SQLITE_BUSY when another process wrote in between (its snapshot is stale, waiting cannot help);
 * an immediate one waits for the lock (busy_timeout) and then reads fresh rows, so checks made
 * inside a transaction (last admin, pending status, counters) hold across processes.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateTransactionSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver(this.#config);
  }
}
