import type { Kysely, Transaction } from 'kysely';
import { isRetryableTransactionError } from '../lib/database-errors.js';
import { HttpError } from '../lib/http-errors.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql.js';

export interface TransactionOptions {
  /** How many times a transaction that hit a deadlock or a serialization failure runs again (default 3). */
  retries?: number;
  /** PostgreSQL isolation level (default: the server's, read committed). SQLite is always serializable. */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
}

export const DEFAULT_TRANSACTION_RETRIES = 3;

export const CONCURRENT_UPDATE_DETAIL =
  'D’autres modifications des mêmes données sont en cours. Réessayez dans un instant.';

/** The 409 answered when a transaction still collides with others after its retries. */
export function concurrentUpdateConflict(): HttpError {
  return new HttpError(409, CONCURRENT_UPDATE_DETAIL, {
    code: 'concurrent_update',
    headers: { 'retry-after': '1' },
  });
}

/** 20–40 ms, 40–80 ms, 80–160 ms…: colliding transactions stop colliding after a few rounds. */
function backoffMs(attempt: number): number {
  const base = 20 * 2 ** attempt;
  return base + Math.floor(Math.random() * base);
}

/**
 * Runs `work` in one transaction and returns its result. A deadlock (PostgreSQL 40P01) or a
 * serialization failure (40001) rolls the whole transaction back; it then runs again from the
 * start, a bounded number of times, after a short random pause. When it still fails, the answer is
 * a French 409 (`concurrent_update`) and nothing was written. (On SQLite a transaction takes the
 * write lock when it begins and waits for it, without blocking the process, up to the lock
 * time-out (db/sqlite-dialect.ts); past it the database is busy: a 503, see lib/database-errors.ts.)
 *
 * `work` may run more than once: it must keep its state inside (build its result from what the
 * transaction reads) and leave side effects outside the database to after this call. Called with a
 * transaction, it runs `work` in that transaction (the caller owns retries).
 */
export async function runInTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  const retries = options.retries ?? DEFAULT_TRANSACTION_RETRIES;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const builder =
        options.isolation && dialectOf(db) === 'postgres'
          ? db.transaction().setIsolationLevel(options.isolation)
          : db.transaction();
      return await builder.execute(work);
    } catch (error) {
      if (!isRetryableTransactionError(error)) throw error;
      if (attempt >= retries) throw concurrentUpdateConflict();
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}
