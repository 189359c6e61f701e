import { setTimeout as sleep } from 'node:timers/promises';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/*
 * Kysely's SQLite driver, with two changes for several API processes on one file.
 *
 * Transactions start with `BEGIN IMMEDIATE`: the write lock is taken when the transaction starts,
 * not at its first write. A deferred transaction that read a row and then writes it fails with
 * SQLITE_BUSY when another process wrote in between (its snapshot is stale, waiting cannot help); an
 * immediate one waits for the lock and then reads fresh rows, so checks made inside a transaction
 * (last admin, pending status, counters) hold across processes.
 *
 * The wait for the lock does not stop the process. SQLite's own busy handler (`busy_timeout`) sleeps
 * inside the call, on the event loop: while another process held the lock, this one answered no
 * request at all, and the handler's growing pauses (1, 2, 5, 10 … 100 ms) let a waiter sleep on long
 * after the lock was free (reading a conversation, which writes its audit entry, had a p95 of 97 ms
 * at 16 connections on two processes). Here the connection's busy time-out is zero: a statement
 * refused with SQLITE_BUSY outside a transaction (the `BEGIN IMMEDIATE` itself, or a single
 * statement) is tried again after an asynchronous pause of a millisecond or a few, until the lock
 * time-out; the connection is handed back meanwhile (no transaction is open on it), so the process's
 * other queries run. Past the time-out the error goes up as before (a 503). Inside a transaction,
 * which holds the write lock from its start, nothing is retried.
 */

/** What the driver needs to know of the connection's database besides Kysely's interface. */
export interface TransactionState {
  /** better-sqlite3's `inTransaction`: a transaction is open on the connection. */
  readonly inTransaction: boolean;
}

export interface LockWaitConfig extends SqliteDialectConfig {
  /** The database: Kysely's interface plus its transaction state. */
  database: SqliteDialectConfig['database'] & TransactionState;
  /** Longest wait for the write lock before the SQLITE_BUSY error is thrown. */
  lockTimeoutMs: number;
}

/** SQLITE_BUSY and its extended codes (better-sqlite3 reports the extended code). */
export function isBusyError(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY');
}

/**
 * Pause before the next try. A write holds the lock for about a millisecond: 1 ms for the first 20
 * tries (longer pauses left the lock free while waiters slept: p97.5 34–56 ms instead of 31–32 ms),
 * then 2 ms, and 5 ms past 100 tries (a long write, a broadcast to every user, is not polled for
 * seconds at 1 ms by every waiting request).
 */
export function lockRetryDelayMs(attempt: number): number {
  if (attempt < 20) return 1;
  return attempt < 100 ? 2 : 5;
}

class LockWaitingConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly driver: LockWaitingSqliteDriver,
  ) {}

  /**
   * Kysely's SQLite connection runs the statement synchronously and throws its error at once: the
   * usual path adds no promise of its own here; only a refused statement goes on to wait.
   */
  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return this.inner.executeQuery<R>(compiledQuery);
    } catch (error) {
      if (!this.driver.mayRetry(error)) throw error;
      return this.driver.retryWhileLocked(() => this.inner.executeQuery<R>(compiledQuery));
    }
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class LockWaitingSqliteDriver extends SqliteDriver {
  readonly #database: TransactionState;
  readonly #lockTimeoutMs: number;
  #connection: LockWaitingConnection | undefined;

  constructor(config: LockWaitConfig) {
    super(config);
    this.#database = config.database;
    this.#lockTimeoutMs = config.lockTimeoutMs;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    this.#connection ??= new LockWaitingConnection(inner, this);
    return this.#connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /** Refused for the lock outside a transaction (inside one, the lock is already held). */
  mayRetry(error: unknown): boolean {
    return isBusyError(error) && !this.#database.inTransaction;
  }

  /**
   * After `statement` (on the connection this caller holds) was refused for the lock: hands the
   * connection back, waits a little and tries again, while it is refused, up to the lock time-out.
   */
  async retryWhileLocked<T>(statement: () => Promise<T>): Promise<T> {
    const deadline = performance.now() + this.#lockTimeoutMs;
    for (let attempt = 0; ; attempt += 1) {
      await super.releaseConnection();
      try {
        await sleep(lockRetryDelayMs(attempt));
      } finally {
        await super.acquireConnection();
      }
      try {
        return await statement();
      } catch (error) {
        if (!this.mayRetry(error) || performance.now() >= deadline) throw error;
      }
    }
  }
}

export class LockWaitingSqliteDialect extends SqliteDialect {
  readonly #config: LockWaitConfig;

  constructor(config: LockWaitConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new LockWaitingSqliteDriver(this.#config);
  }
}
