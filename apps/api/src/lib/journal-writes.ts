import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Insertable, Kysely } from 'kysely';
import type { AuditEntriesTable, Database } from '../db/schema.js';
import { classifyDatabaseFailure } from './database-errors.js';

/*
 * The journal's entries written outside a transaction (a conversation read, an export, a refused
 * login), written together: the calls made in one turn of the event loop, and those made while a
 * write is under way (waiting for SQLite's write lock, or for PostgreSQL's answer), go in by one
 * statement and one commit when it is their turn. Each call still returns once its own entries are
 * committed.
 *
 * Every entry written alone was a transaction of its own, and on SQLite a segment of the journal's
 * text index of its own (written out at each commit, merged later): reading a conversation, which
 * journals each read, served 4,500–5,100 requests/s at 16 connections without its entry and
 * 1,860–2,000 with it (a million users, two API processes). A write refused for one call's entries
 * (a value PostgreSQL rejects) is tried again call by call, so that they fail that call alone; one the
 * database could not serve (out of reach, too busy: `classifyDatabaseFailure`) fails every call of the
 * write at once, as each would have failed alone, without waiting out its time-out once per call.
 */

type EntryRow = Insertable<AuditEntriesTable>;

/** Rows per statement (under both databases' bind parameter limits: 13 columns a row). */
export const JOURNAL_ROWS_PER_STATEMENT = 500;

interface Call {
  rows: readonly EntryRow[];
  settle: (error?: unknown) => void;
}

/** Inserts `rows`, by statements of JOURNAL_ROWS_PER_STATEMENT rows. */
export async function insertJournalRows(db: Kysely<Database>, rows: readonly EntryRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += JOURNAL_ROWS_PER_STATEMENT) {
    await db
      .insertInto('audit_entries')
      .values(rows.slice(start, start + JOURNAL_ROWS_PER_STATEMENT))
      .execute();
  }
}

class JournalWrites {
  #waiting: Call[] = [];
  #writing = false;

  constructor(private readonly db: Kysely<Database>) {}

  add(rows: readonly EntryRow[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ rows, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.#writing) void this.#writeAll();
    });
  }

  async #writeAll(): Promise<void> {
    this.#writing = true;
    try {
      // The calls of this turn of the event loop join the first write.
      await nextTurn();
      while (this.#waiting.length > 0) await this.#write(this.#nextBatch());
    } finally {
      this.#writing = false;
    }
  }

  /** The calls waiting, in order, up to a statement's rows (a larger call goes alone). */
  #nextBatch(): Call[] {
    let rows = 0;
    let taken = 0;
    for (const call of this.#waiting) {
      if (taken > 0 && rows + call.rows.length > JOURNAL_ROWS_PER_STATEMENT) break;
      rows += call.rows.length;
      taken += 1;
    }
    return this.#waiting.splice(0, taken);
  }

  async #write(batch: readonly Call[]): Promise<void> {
    try {
      await insertJournalRows(
        this.db,
        batch.flatMap((call) => call.rows),
      );
      for (const call of batch) call.settle();
    } catch (error) {
      if (batch.length === 1 || classifyDatabaseFailure(error)) {
        for (const call of batch) call.settle(error);
        return;
      }
      for (const call of batch) {
        try {
          await insertJournalRows(this.db, call.rows);
          call.settle();
        } catch (callError) {
          call.settle(callError);
        }
      }
    }
  }
}

const writesOf = new WeakMap<Kysely<Database>, JournalWrites>();

/**
 * Writes `rows` into the journal with the other calls' entries of the moment (`db` outside a
 * transaction); resolves once they are committed.
 */
export function writeJournalRows(db: Kysely<Database>, rows: readonly EntryRow[]): Promise<void> {
  let writes = writesOf.get(db);
  if (!writes) {
    writes = new JournalWrites(db);
    writesOf.set(db, writes);
  }
  return writes.add(rows);
}
