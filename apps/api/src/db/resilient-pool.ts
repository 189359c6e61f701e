import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { isConnectionLost } from '../lib/database-errors.js';
import { postgresStatementName } from './prepared-statements.js';
import { noteStatement } from './statement-reads.js';

export type PoolErrorListener = (error: Error) => void;

/**
 * Kysely's view of a `pg.Pool` that survives the loss of its database.
 *
 * - `pg.Pool` emits `error` when an idle connection dies (a restart, a failover,
 *   `pg_terminate_backend`, `idle_session_timeout`): without a listener the process exits. The
 *   listener given here receives those errors instead.
 * - A connection that is checked out (inside a transaction, between two queries) has no listener
 *   from the pool at all: the same error would end the process. Each checked-out client gets one
 *   for as long as it is out.
 * - A statement named for PostgreSQL (db/prepared-statements) runs as a named prepared statement.
 * - Each statement that ran is noted for the response being kept, if one is (db/statement-reads).
 * - A client whose connection failed or whose query timed out client-side (the server did not answer
 *   within `query_timeout`; the connection is still waiting for that answer) is destroyed when it is
 *   released instead of going back to the pool, so the next request opens a fresh connection: the
 *   service resumes by itself once the database is back.
 */
export class ResilientPool implements PostgresPool {
  readonly #pool: pg.Pool;
  #listener: PoolErrorListener;

  constructor(pool: pg.Pool, listener: PoolErrorListener) {
    this.#pool = pool;
    this.#listener = listener;
    pool.on('error', (error) => this.#listener(error));
  }

  setErrorListener(listener: PoolErrorListener): void {
    this.#listener = listener;
  }

  /** Connections open right now (idle or in use), for tests and diagnostics. */
  get totalCount(): number {
    return this.#pool.totalCount;
  }

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.#pool.connect();
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken ??= error;
      this.#listener(error);
    };
    client.on('error', onError);
    const query = (first: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) => {
      // Kysely passes a cursor only when a cursor class is configured, which this app never does.
      if (typeof first !== 'string') throw new Error('Les curseurs PostgreSQL ne sont pas configurés.');
      const name = postgresStatementName(first);
      return (
        name === undefined
          ? client.query(first, parameters as unknown[])
          : client.query({ name, text: first, values: parameters as unknown[] })
      )
        .then((result) => {
          // A response kept while the tables it read are unchanged learns them from its statements.
          noteStatement(first, parameters ?? [], result.command === 'SELECT');
          return result as unknown as PostgresQueryResult<unknown>;
        })
        .catch((error: unknown) => {
          // An answer that got past a failed statement is never kept (noted as one that may write).
          noteStatement(first, parameters ?? [], false);
          if (error instanceof Error && isConnectionLost(error)) broken ??= error;
          throw error;
        });
    };
    return {
      query: query as PostgresPoolClient['query'],
      release: () => {
        client.removeListener('error', onError);
        // pg-pool destroys a client released with an error instead of keeping it.
        client.release(broken);
      },
    };
  }

  end(): Promise<void> {
    return this.#pool.end();
  }
}
