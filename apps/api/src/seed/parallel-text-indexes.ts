import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/*
 * SQLite, a large seed: the text indexes of the rows it generates are built on another core while the
 * load goes on, instead of after it on the load's own thread.
 *
 * better-sqlite3 runs every statement on the thread that calls it, so the seed used one core: at a
 * million users its text indexes took 47 s of its 172 (the rebuilds 37 s, merging them into one segment
 * 10 s), after the load and the index builds. Here the seed hands each batch of rows' ids and texts to
 * a worker thread (text-index-worker.ts), which indexes them into FTS5 tables defined like the
 * database's own, in a scratch file beside the database, and merges each into one segment when the load
 * ends (as soon as the rows are all sent: it merges while the load's own indexes are built). Then,
 * inside the seed's transaction, each of the database's text indexes is created again (empty, and a
 * new FTS5 table object: the old one's cached segment structure would be stale) and its three data
 * tables are filled with the worker's by `insert … select *` from the scratch file, attached then
 * (SQLite copies the records as they are: 1.4 GB at a million users in about 2 s, against 12 s read
 * and written row by row through JavaScript). Attached before the transaction, the file would have
 * been locked by its `begin immediate` for the whole load, the worker's writes refused. All or
 * nothing still holds: the copy is part of the transaction, and the scratch file is detached (after
 * the transaction: SQLite detaches none inside one) and deleted whatever happens.
 *
 * Only the tables whose every row the seed writes through its writer with its indexed texts qualify:
 * all eleven text indexes (the conversations' and disputes' parties' texts too, which the seed gives
 * with their rows: seed-context `PartyTexts`). The rows present before the seed (admins, their
 * journal entries) are sent first.
 */

/** Tables whose text indexes the worker builds. */
export const TEXT_TABLES_APART = [
  'users',
  'provider_profiles',
  'projects',
  'provider_verifications',
  'client_verifications',
  'disputes',
  'reports',
  'conversations',
  'notifications',
  'audit_entries',
] as const;

export type TextTableApart = (typeof TEXT_TABLES_APART)[number];

export function isTextTableApart(table: string): table is TextTableApart {
  return (TEXT_TABLES_APART as readonly string[]).includes(table);
}

/** A text index the worker builds: the FTS5 table `fts`, over `column` of `table`. */
export interface TextIndexApart {
  table: TextTableApart;
  fts: string;
  column: 'search_text' | 'party_text';
}

/**
 * Every text index the worker builds: each table's own (`<table>_fts` on `search_text`; the
 * conversations' holds their parties' text), and the disputes' parties' (migrations/support/party-search).
 */
export const TEXT_INDEXES_APART: readonly TextIndexApart[] = [
  ...TEXT_TABLES_APART.map((table) => ({ table, fts: `${table}_fts`, column: 'search_text' as const })),
  { table: 'disputes', fts: 'dispute_parties_fts', column: 'party_text' },
];

export interface TextIndexDefinition {
  name: string;
  sql: string;
  /** The indexed column. */
  column: TextIndexApart['column'];
}

export interface TextIndexWorkerData {
  file: string;
  definitions: readonly TextIndexDefinition[];
  hashBytes: number;
  cacheKib: number;
}

export type ToTextIndexWorker =
  | { kind: 'rows'; name: string; ids: number[]; texts: (string | null)[]; characters: number }
  | { kind: 'end' };

export type FromTextIndexWorker = { kind: 'indexed'; characters: number } | { kind: 'built' };

/**
 * FTS5's in-memory hash of each index in the worker. The eleven indexes fill at once, each hash up to
 * this size before it is written out as a segment: at 64 MB (the seed's own rebuilds, one index at a
 * time: bulk-load.ts) the seed's peak memory grew by 640 MB.
 */
const WORKER_HASH_BYTES = 16 * 1024 * 1024;
const WORKER_CACHE_KIB = 65_536;
/**
 * Characters sent and not yet indexed past which the seed waits for the worker: the texts in flight
 * stay bounded (some 128 MB of strings, in each thread) if the worker falls behind.
 */
const MAX_PENDING_CHARACTERS = 64 * 1024 * 1024;
/** The scratch file's schema name on the seed's connection, during the copy. */
const SCRATCH_SCHEMA = 'seed_text_indexes';
/** Each text index's tables that hold its entries (its settings, in `_config`, are carried over apart). */
const DATA_TABLES = ['data', 'idx', 'docsize'] as const;

/**
 * The worker: its built module beside this one in dist/; from source, its TypeScript through tsx
 * (a worker does not take the parent's `--import tsx`).
 */
function startWorker(data: TextIndexWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./text-index-worker.js', import.meta.url), { workerData: data });
  }
  const source = new URL('./text-index-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}));`;
  return new Worker(bootstrap, { eval: true, workerData: data });
}

async function scratchFileBeside(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const main = rows.find((row) => row.name === 'main')?.file;
  const directory = main ? path.dirname(main) : os.tmpdir();
  return path.join(directory, `.seed-text-indexes-${process.pid}-${Date.now()}.sqlite`);
}

function removeScratch(file: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

interface TextIndexSetting {
  k: string;
  v: unknown;
}

/**
 * The settings kept in a text index's `_config` table (FTS5's own `version` aside): the journal's
 * `automerge = 0` (migration 2026-11-27-0038), the seed's hash size. Dropping the table drops them:
 * until they were carried over, a seeded journal index merged inside its writes again (at a million
 * users one insert in 64 took 60–120 ms, the conversation reads' p95 at one connection 58 ms).
 */
async function settingsOf(trx: Kysely<Database>, name: string): Promise<TextIndexSetting[]> {
  const { rows } = await sql<TextIndexSetting>`
    select k, v from ${sql.id(`${name}_config`)} where k <> 'version' order by k`.execute(trx);
  return rows;
}

/** Sets each of `settings` on the text index `name` through FTS5's own command (which checks it). */
async function applySettings(
  trx: Kysely<Database>,
  name: string,
  settings: readonly TextIndexSetting[],
): Promise<void> {
  for (const { k, v } of settings) {
    // Numbers as literals: FTS5 wants integers, and bound numbers may reach SQLite as reals.
    const value = typeof v === 'number' ? sql.lit(v) : sql`${v}`;
    await sql`insert into ${sql.id(name)} (${sql.id(name)}, rank) values (${k}, ${value})`.execute(trx);
  }
}

export class ParallelTextIndexes {
  private pendingCharacters = 0;
  private waiters: Array<() => void> = [];
  private failure: Error | null = null;
  private readonly built: Promise<void>;
  private ended = false;
  private rowsEnded = false;
  private attached = false;

  private constructor(
    private readonly worker: Worker,
    private readonly file: string,
    /** Each table's indexes built apart. */
    private readonly definitions: ReadonlyMap<TextTableApart, readonly TextIndexDefinition[]>,
    private readonly connection: BetterSqlite3.Database,
  ) {
    this.built = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: FromTextIndexWorker) => {
        if (message.kind === 'built') {
          resolve();
          return;
        }
        this.pendingCharacters -= message.characters;
        this.wake();
      });
      worker.on('error', (error) => {
        this.failure = error;
        this.wake();
        reject(error);
      });
      worker.on('exit', (code) => {
        if (this.ended) return;
        this.failure ??= new Error(`le constructeur des index de texte s'est arrêté (code ${code})`);
        this.wake();
        reject(this.failure);
      });
    });
    // Observed by `install`; without this a failure before it would be reported as unhandled.
    this.built.catch(() => undefined);
  }

  /** Starts the worker on a scratch file beside the database and sends it the rows already there. */
  static async start(db: Kysely<Database>, connection: BetterSqlite3.Database): Promise<ParallelTextIndexes> {
    const file = await scratchFileBeside(db);
    const names = TEXT_INDEXES_APART.map((index) => index.fts);
    const { rows } = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master
      where type = 'table' and name in (${sql.join(names.map((name) => sql.lit(name)))})`.execute(db);
    const definitions = new Map<TextTableApart, TextIndexDefinition[]>();
    for (const index of TEXT_INDEXES_APART) {
      const definition = rows.find((row) => row.name === index.fts);
      if (!definition) throw new Error(`index de texte introuvable : ${index.fts}`);
      const ofTable = definitions.get(index.table) ?? [];
      ofTable.push({ ...definition, column: index.column });
      definitions.set(index.table, ofTable);
    }
    const worker = startWorker({
      file,
      definitions: [...definitions.values()].flat(),
      hashBytes: WORKER_HASH_BYTES,
      cacheKib: WORKER_CACHE_KIB,
    });
    const texts = new ParallelTextIndexes(worker, file, definitions, connection);
    try {
      for (const table of TEXT_TABLES_APART) {
        const columns = new Set((definitions.get(table) ?? []).map((definition) => definition.column));
        const existing = await sql<Record<string, unknown>>`
          select id, ${sql.join([...columns].map((column) => sql.ref(column)))}
          from ${sql.table(table)} order by id`.execute(db);
        texts.add(table, existing.rows);
      }
    } catch (error) {
      await texts.close(db);
      throw error;
    }
    return texts;
  }

  /** Sends rows (each with its `id` and its indexed texts) to be indexed. */
  add(table: TextTableApart, rows: readonly object[]): void {
    if (this.failure) throw this.failure;
    if (rows.length === 0) return;
    for (const definition of this.definitions.get(table) ?? []) {
      const ids: number[] = [];
      const texts: (string | null)[] = [];
      let characters = 0;
      for (const row of rows) {
        const { id, [definition.column]: text } = row as Record<string, unknown>;
        if (typeof id !== 'number')
          throw new Error(`ligne de ${table} sans identifiant pour son index de texte`);
        const value = typeof text === 'string' ? text : null;
        ids.push(id);
        texts.push(value);
        characters += value?.length ?? 0;
      }
      this.pendingCharacters += characters;
      const message: ToTextIndexWorker = { kind: 'rows', name: definition.name, ids, texts, characters };
      this.worker.postMessage(message);
    }
  }

  /** Waits while the worker is more than MAX_PENDING_CHARACTERS behind. */
  async room(): Promise<void> {
    while (this.pendingCharacters > MAX_PENDING_CHARACTERS && !this.failure) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    if (this.failure) throw this.failure;
  }

  /** Every row is sent: the worker commits and merges its indexes. */
  endRows(): void {
    if (this.rowsEnded) return;
    this.rowsEnded = true;
    this.worker.postMessage({ kind: 'end' } satisfies ToTextIndexWorker);
  }

  /**
   * Inside the seed's transaction: waits for the worker's indexes, then puts them in place of the
   * database's (each text index created again, its data tables filled from the scratch file).
   */
  async install(trx: Kysely<Database>): Promise<void> {
    this.endRows();
    await this.built;
    this.ended = true;
    await sql`attach database ${this.file} as ${sql.id(SCRATCH_SCHEMA)}`.execute(trx);
    this.attached = true;
    // better-sqlite3 opens in defensive mode, where no statement may write FTS5's own tables.
    this.connection.unsafeMode(true);
    try {
      for (const definition of [...this.definitions.values()].flat()) {
        const settings = await settingsOf(trx, definition.name);
        await sql`drop table ${sql.id(definition.name)}`.execute(trx);
        await sql.raw(definition.sql).execute(trx);
        await applySettings(trx, definition.name, settings);
        for (const part of DATA_TABLES) {
          const table = `${definition.name}_${part}`;
          await sql`delete from ${sql.id('main', table)}`.execute(trx);
          await sql`insert into ${sql.id('main', table)} select * from ${sql.id(SCRATCH_SCHEMA, table)}`.execute(
            trx,
          );
        }
      }
    } finally {
      this.connection.unsafeMode(false);
    }
  }

  /** After the transaction: stops the worker if it still runs, detaches and deletes the scratch file. */
  async close(db: Kysely<Database>): Promise<void> {
    this.ended = true;
    await this.worker.terminate();
    try {
      if (this.attached) await sql`detach database ${sql.id(SCRATCH_SCHEMA)}`.execute(db);
    } finally {
      removeScratch(this.file);
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
