import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * The statements a piece of work runs, noted by the connection (SQLite: db/statement-cache.ts;
 * PostgreSQL: db/resilient-pool.ts) as they run, whoever built them (Kysely, a precompiled statement,
 * raw SQL). A response kept while the tables it read are unchanged (plugins/kept-responses.ts) learns
 * from them which tables those are.
 */

export interface StatementReads {
  /** Each statement's text, with the values of its first run (its program is read with them). */
  readonly statements: Map<string, readonly unknown[]>;
  /** A statement that may write ran (anything but a transaction's own statements). */
  wrote: boolean;
}

const storage = new AsyncLocalStorage<StatementReads>();

/** A transaction's own statements: they change no row. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|end|rollback|savepoint|release)\b/i;

/** Runs `work` (and everything it starts) noting its statements in `reads`. */
export function noteStatementsIn<T>(reads: StatementReads, work: () => T): T {
  return storage.run(reads, work);
}

/** An empty record of statements. */
export function newStatementReads(): StatementReads {
  return { statements: new Map(), wrote: false };
}

/**
 * Runs `work` (and everything it starts) without noting its statements: what reads the versions and
 * the programs of the noted statements is not part of them.
 */
export function withoutNotingStatements<T>(work: () => T): T {
  return storage.exit(work);
}

/** Called by the connection for each statement it runs; `reader`: it returns rows. */
export function noteStatement(sql: string, parameters: readonly unknown[], reader: boolean): void {
  const reads = storage.getStore();
  if (reads === undefined) return;
  if (!reader) {
    if (!TRANSACTION_CONTROL.test(sql)) reads.wrote = true;
    return;
  }
  if (!reads.statements.has(sql)) reads.statements.set(sql, parameters);
}
