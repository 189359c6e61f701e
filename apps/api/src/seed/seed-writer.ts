import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { dialectOf } from '../db/sql.js';
import { insertRows } from './batch-insert.js';
import {
  isTextTableApart,
  type ParallelTextIndexes,
  TEXT_TABLES_APART,
  type TextTableApart,
} from './parallel-text-indexes.js';

/*
 * The seed's writes of the rows it generates chunk by chunk.
 *
 * The seed gives these rows their ids itself (from the table's largest id when it starts) instead of
 * reading back the ids the database gave: nothing then waits for an insert to finish before the next
 * rows can be generated. On PostgreSQL a statement is sent without waiting for it: the driver runs the
 * transaction's statements one after the other while the seed generates the next rows, so the seed's
 * process and the database work at once on the machine's cores instead of in turn. `flush` waits for
 * every statement sent and throws the first failure. The seed waits for a chunk's inserts at the end
 * of the next chunk (at most two chunks' rows in memory) and flushes before it reads rows back. SQLite's driver is synchronous:
 * each insert runs at once.
 */

/** Tables whose rows get their ids from the seed. */
export const SEED_ID_TABLES = [
  'users',
  'provider_verifications',
  'client_verifications',
  'projects',
  'disputes',
  'conversations',
  'messages',
] as const;

export type SeedIdTable = (typeof SEED_ID_TABLES)[number];

/** A table whose inserted rows get ids from the writer: the seed's own, or one indexed apart. */
type IdTable = SeedIdTable | TextTableApart;

export class SeedWriter {
  private pending: Promise<unknown>[] = [];

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly nextIds: Map<IdTable, number>,
    private readonly texts: ParallelTextIndexes | null,
  ) {}

  /**
   * Starts after the largest id of each table (the admins created before the seed keep theirs).
   * `texts`: the text indexes built apart (SQLite), which receive the texts of the rows inserted; the
   * rows of their tables then get their ids from the writer (after the largest ever given: the tables
   * are AUTOINCREMENT).
   */
  static async open(db: Kysely<Database>, texts: ParallelTextIndexes | null = null): Promise<SeedWriter> {
    const nextIds = new Map<IdTable, number>();
    for (const table of SEED_ID_TABLES) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      nextIds.set(table, Number(row?.id ?? 0) + 1);
    }
    if (texts) {
      for (const table of TEXT_TABLES_APART) {
        if (nextIds.has(table)) continue;
        const { rows } = await sql<{ id: number | null }>`select max(
            coalesce((select max(id) from ${sql.table(table)}), 0),
            coalesce((select seq from sqlite_sequence where name = ${table}), 0)) as id`.execute(db);
        nextIds.set(table, Number(rows[0]?.id ?? 0) + 1);
      }
    }
    return new SeedWriter(db, nextIds, texts);
  }

  /** Reserves `count` consecutive ids of `table` and returns the first. */
  reserveIds(table: IdTable, count: number): number {
    const first = this.nextIds.get(table) ?? 1;
    this.nextIds.set(table, first + count);
    return first;
  }

  /** Inserts `rows` (PostgreSQL: sent now, waited for by `flush`). */
  async insert<T extends keyof Database & string>(
    table: T,
    rows: readonly Insertable<Database[T]>[],
  ): Promise<void> {
    if (rows.length === 0) return;
    if (this.texts && isTextTableApart(table)) {
      const identified = this.withIds(table, rows);
      await insertRows(this.db, table, identified);
      this.texts.add(table, identified);
      await this.texts.room();
      return;
    }
    const written = insertRows(this.db, table, rows);
    if (dialectOf(this.db) === 'sqlite') {
      await written;
      return;
    }
    // Handled by `flush`; without this a failure before it would be reported as unhandled.
    written.catch(() => undefined);
    this.pending.push(written);
  }

  /** The rows with their ids: the one the caller gave a row, or the next one of `table`. */
  private withIds<Row extends object>(table: IdTable, rows: readonly Row[]): readonly Row[] {
    const given = (row: Row) => (row as { id?: unknown }).id !== undefined;
    const missing = rows.filter((row) => !given(row)).length;
    if (missing === 0) return rows;
    let next = this.reserveIds(table, missing);
    return rows.map((row) => (given(row) ? row : { ...row, id: next++ }));
  }

  /**
   * The inserts sent so far, as one promise (the next ones are not part of it): a caller can go on
   * generating rows and wait for these later.
   */
  sent(): Promise<void> {
    const pending = Promise.all(this.pending).then(() => undefined);
    this.pending = [];
    pending.catch(() => undefined);
    return pending;
  }

  /** Waits for every insert sent; throws the first failure. */
  async flush(): Promise<void> {
    await this.sent();
  }

  /**
   * PostgreSQL: moves each table's identity sequence past the ids the seed gave, so that the rows the
   * API inserts afterwards get new ones. SQLite takes the next rowid from the table itself.
   */
  async alignSequences(): Promise<void> {
    await this.flush();
    if (dialectOf(this.db) === 'sqlite') return;
    for (const table of SEED_ID_TABLES) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), max(id)) from ${sql.table(table)}
        having max(id) is not null`.execute(this.db);
    }
  }
}
