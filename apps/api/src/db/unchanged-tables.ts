import { type Compilable, CompiledQuery, type Kysely, sql } from 'kysely';
import { RecentlyUsedPerOwner } from '../lib/recently-used.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql.js';
import { withoutNotingStatements } from './statement-reads.js';

/*
 * SQLite: what a search's counting statements found, and the ids of its page, kept while the tables
 * they read are unchanged.
 *
 * A capped search's proof (its witnesses checked by key, db/capped-witnesses.ts), a capped disputes
 * search's counts per status and the choice of a search's page are most of the slowest searches' SQL
 * at a million users (`disputes?search=retard&status=open`: 2.1 ms of witnesses and 2.2 ms of status
 * counts in 7; notifications `?search=x`: 8 ms choosing its page), and they find the same answer as
 * long as no row of the tables they read has changed. Each versioned
 * table's row in `table_versions` (migration 2026-11-30-0046) is raised by triggers in the
 * transaction of every insert, update and delete of that table, whoever writes (the API, another
 * process, the marketplace). A kept answer is stamped with the versions of every table its statements
 * read, read *before* they ran: a write committed after that read, even while they run, raises a
 * version, so the next request finds a different stamp and runs them again. Nothing has to be cleared
 * by the writers, and every process sees every other's writes at its next request.
 *
 * The tables a statement reads are those SQLite opens for it (its program's `OpenRead` b-trees, each
 * root page named by `sqlite_master`: a table's or an index's table), and the content table of each
 * text index it names (FTS5 reads its own shadow tables, which only the triggers of its content table
 * write). The kept counters, unversioned, are read as the tables whose triggers write them
 * (`COUNTERS_TABLE`). A statement that reads another unversioned table (a session), a temporary one,
 * or that calls a function whose answer moves with time or chance, is never kept: it runs each time.
 * Whole responses are kept the same way (plugins/kept-responses.ts).
 *
 * PostgreSQL: its tables' versions (migration 2026-12-01-0050) count the statements that wrote them,
 * as rows inserted by statement triggers (a version row raised by every write would serialize its
 * concurrent writers); the tables a statement reads come from its plan. Whole responses are kept with
 * them (plugins/kept-responses.ts); the counting statements and page ids here are still run each time
 * (its capped searches keep their witnesses, db/capped-witnesses.ts).
 */

/**
 * Answers kept per database handle; the least recently used dropped past this many. An answer is at
 * most a search's matches under the cap (1,000 ids and their order values, some 60 kB): 15 MB at most.
 */
const KEPT_ANSWERS = 256;
/** Statements whose read tables are known, per database handle. */
const KNOWN_STATEMENTS = 1024;

interface KeptAnswer {
  stamp: string;
  value: unknown;
}

const answersByDatabase = new RecentlyUsedPerOwner<Kysely<Database>, string, KeptAnswer>(KEPT_ANSWERS);
/** Search pages whose ids are kept per database handle (a page's ids: a few hundred bytes each). */
const KEPT_PAGES = 512;
const pageIdsByDatabase = new RecentlyUsedPerOwner<Kysely<Database>, string, KeptAnswer>(KEPT_PAGES);
/** The versioned tables a kept page's statement reads, by its key (null: never kept). */
const pageTablesByDatabase = new RecentlyUsedPerOwner<Kysely<Database>, string, readonly string[] | null>(
  KEPT_PAGES,
);
/** The versioned tables a statement reads (sorted), or null when it is never kept. */
const tablesByDatabase = new RecentlyUsedPerOwner<Kysely<Database>, string, readonly string[] | null>(
  KNOWN_STATEMENTS,
);

/**
 * SQL that answers differently from one run to the next on the same rows: a call of one of these
 * functions (not a column of that name: the journal's `changes`), the clock's keywords, 'now'.
 */
const UNSTABLE_SQL =
  /\b(random|randomblob|changes|total_changes|last_insert_rowid|now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|gen_random_uuid|nextval|currval|setval|txid_current|pg_current_xact_id|pg_backend_pid|current_setting)\s*\(|\bcurrent_(date|time|timestamp)\b|\blocal(time|timestamp)\b|'now'/i;

/**
 * `compute`'s answer, or the one it gave before when none of the tables `statements` read has changed
 * since (SQLite). The answer must depend on nothing but the statements' text and values (its key,
 * `statementsKey`) and those tables' rows.
 */
export async function whileTablesUnchanged<T>(
  db: Kysely<Database>,
  statements: readonly Compilable<unknown>[],
  compute: () => Promise<T>,
): Promise<T> {
  if (dialectOf(db) !== 'sqlite') return compute();
  const compiled = statements.map((statement) => statement.compile());
  const tables = await tablesRead(db, compiled);
  return keptOrComputed(db, answersByDatabase, statementsKey(compiled), tables, compute);
}

/**
 * SQLite: the ids of a search's page (`read`), or those it read for the same `key` when none of the
 * tables its statement reads has changed since; the rows are then read by those ids. `key` names
 * the page's statement and every value it is run with (db/paginate `PageWindow.key`, the window's
 * values): its statement (`statement`) is only compiled, to learn what it reads, at the key's first use.
 */
export async function pageIdsWhileTablesUnchanged(
  db: Kysely<Database>,
  key: string,
  statement: () => Compilable<unknown>,
  read: () => Promise<number[]>,
): Promise<number[]> {
  const known = pageTablesByDatabase.of(db);
  let tables = known.get(key);
  if (tables === undefined) {
    tables = await tablesRead(db, [statement().compile()]);
    known.set(key, tables);
  }
  return keptOrComputed(db, pageIdsByDatabase, key, tables, read);
}

/** `compute`'s answer, or the one kept under `key` while the versions of `tables` are the same. */
async function keptOrComputed<T>(
  db: Kysely<Database>,
  store: RecentlyUsedPerOwner<Kysely<Database>, string, KeptAnswer>,
  key: string,
  tables: readonly string[] | null,
  compute: () => Promise<T>,
): Promise<T> {
  if (tables === null) return compute();
  // Read before `compute` runs: a write committed while it runs makes the next stamp differ.
  const stamp = stampOf(tables, await tableVersions(db));
  if (stamp === null) return compute();
  const answers = store.of(db);
  const kept = answers.get(key);
  if (kept !== undefined && kept.stamp === stamp) return kept.value as T;
  const value = await compute();
  answers.set(key, { stamp, value });
  return value;
}

/** The text and values of `statements`, which name what they read. */
function statementsKey(compiled: readonly CompiledQuery[]): string {
  return compiled.map((query) => `${query.sql}\u0000${JSON.stringify(query.parameters)}`).join('\u0001');
}

/** The versions of the tables read, in their order; null when one of them is not versioned. */
export function stampOf(tables: readonly string[], versions: ReadonlyMap<string, number>): string | null {
  const stamp: number[] = [];
  for (const table of tables) {
    const version = versions.get(table);
    if (version === undefined) return null;
    stamp.push(version);
  }
  return stamp.join(',');
}

/**
 * `db` without its plugins: the versions and the programs are read beside the statements they are
 * about, on the same connection, and a handle recording a list's statements (tests) does not see them.
 */
const unpluggedHandles = new WeakMap<Kysely<Database>, Kysely<Database>>();
function unplugged(db: Kysely<Database>): Kysely<Database> {
  let handle = unpluggedHandles.get(db);
  if (!handle) {
    handle = db.withoutPlugins();
    unpluggedHandles.set(db, handle);
  }
  return handle;
}

/** Every versioned table's version now. */
export async function tableVersions(db: Kysely<Database>): Promise<Map<string, number>> {
  if (dialectOf(db) === 'postgres') return postgresTableVersions(db);
  const { rows } = await withoutNotingStatements(() =>
    sql<{ name: string; version: number }>`select name, version from table_versions`.execute(unplugged(db)),
  );
  return new Map(rows.map((row) => [row.name, Number(row.version)]));
}

/**
 * PostgreSQL (migration 2026-12-01-0050): a table's version is its total plus its write rows not yet
 * moved into it, read by one statement, so under one snapshot: a compaction committed or not, the
 * sum is the same.
 */
async function postgresTableVersions(db: Kysely<Database>): Promise<Map<string, number>> {
  const { rows } = await withoutNotingStatements(() =>
    sql<{ name: string; total: string; pending: string }>`
      select t.name, t.total, count(w.id) as pending
      from table_write_totals t left join table_writes w on w.name = t.name
      group by t.name, t.total`.execute(unplugged(db)),
  );
  let pending = 0;
  const versions = new Map<string, number>();
  for (const row of rows) {
    pending += Number(row.pending);
    versions.set(row.name, Number(row.total) + Number(row.pending));
  }
  if (pending >= COMPACT_AFTER_WRITES) void compactInBackground(db);
  return versions;
}

/** Write rows past which a version read moves them into the totals (they are counted at each read). */
const COMPACT_AFTER_WRITES = 256;
const compacting = new WeakSet<Kysely<Database>>();

async function compactInBackground(db: Kysely<Database>): Promise<void> {
  if (compacting.has(db)) return;
  compacting.add(db);
  try {
    await compactTableWrites(db);
  } catch {
    // Tried again at a later read (the database busy or closing): the versions are right meanwhile.
  } finally {
    compacting.delete(db);
  }
}

/**
 * PostgreSQL: moves the committed write rows into the tables' totals, in one statement, so that no
 * version changes (a read sees the statement's rows both deleted and added, or neither). Two
 * processes compacting at once: the second skips the rows the first deleted (it waits for its commit,
 * then finds them gone), and adds only what it deleted itself.
 */
export async function compactTableWrites(db: Kysely<Database>): Promise<void> {
  await withoutNotingStatements(() =>
    sql`
      with gone as (
        delete from table_writes where id <= (select max(id) from table_writes) returning name
      )
      update table_write_totals t set total = t.total + g.n
      from (select name, count(*) as n from gone group by name) g
      where t.name = g.name`.execute(unplugged(db)),
  );
}

/**
 * The tables `statements` read (sorted, without repeats), or null when one of them is never kept.
 * Known per statement once its program has been read.
 */
export function tablesReadBy(
  db: Kysely<Database>,
  statements: ReadonlyMap<string, readonly unknown[]>,
): Promise<readonly string[] | null> {
  return tablesRead(
    db,
    [...statements].map(([text, parameters]) => ({ sql: text, parameters })),
  );
}

/**
 * The tables `statements` read (sorted, without repeats), or null when one of them is never kept.
 * Known per statement once its program has been read.
 */
async function tablesRead(
  db: Kysely<Database>,
  statements: readonly Pick<CompiledQuery, 'sql' | 'parameters'>[],
): Promise<readonly string[] | null> {
  const known = tablesByDatabase.of(db);
  const all = new Set<string>();
  for (const statement of statements) {
    let tables = known.get(statement.sql);
    if (tables === undefined) {
      tables = await withoutNotingStatements(() => readTablesOf(db, statement));
      known.set(statement.sql, tables);
    }
    if (tables === null) return null;
    for (const table of tables) all.add(table);
  }
  return [...all].sort();
}

interface ProgramStep {
  opcode: string;
  p2: number;
  p3: number;
}

interface SchemaObject {
  name: string;
  tbl_name: string;
  rootpage: number | null;
  sql: string | null;
}

/** The tables one statement reads (sorted), or null when it is never kept (see above). */
export async function readTablesOf(
  db: Kysely<Database>,
  statement: Pick<CompiledQuery, 'sql' | 'parameters'>,
): Promise<readonly string[] | null> {
  if (UNSTABLE_SQL.test(statement.sql)) return null;
  if (dialectOf(db) === 'postgres') return postgresTablesOf(db, statement);
  const program = await unplugged(db).executeQuery<ProgramStep>(
    CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]),
  );
  const { rows: objects } = await sql<SchemaObject & { type: string }>`
    select type, name, tbl_name, rootpage, sql from sqlite_master
    where type in ('table', 'index', 'trigger')`.execute(unplugged(db));
  const schema = objects.filter((object) => object.type !== 'trigger');
  const byRootPage = new Map<number, string>();
  for (const object of schema) if (object.rootpage) byRootPage.set(Number(object.rootpage), object.tbl_name);
  // A text index's own tables (its structure record, read to know whether it changed) are written
  // only by its content table's triggers and by merges, which change no match.
  const contentOfShadow = new Map<string, string>();
  for (const object of schema) {
    const content = contentTableOf(object.sql);
    if (content === undefined) continue;
    for (const suffix of FTS5_SHADOW_TABLES) contentOfShadow.set(`${object.name}${suffix}`, content);
  }
  const tables = new Set<string>();
  for (const step of program.rows) {
    if (step.opcode === 'OpenWrite') return null;
    if (step.opcode !== 'OpenRead') continue;
    // p3: the database (0 the main one, 1 the temporary one).
    const table = Number(step.p3) === 0 ? byRootPage.get(Number(step.p2)) : undefined;
    if (table === undefined) return null;
    tables.add(contentOfShadow.get(table) ?? table);
  }
  for (const object of schema) {
    const definition = object.sql ?? '';
    if (!/^create virtual table/i.test(definition)) continue;
    if (!new RegExp(`(^|[^\\w])${object.name}([^\\w]|$)`).test(statement.sql)) continue;
    const content = contentTableOf(definition);
    if (content === undefined || content === '') return null;
    tables.add(content);
  }
  if (tables.has(COUNTERS_TABLE)) {
    // Unversioned: read as the tables whose writes change it (see COUNTERS_TABLE).
    tables.delete(COUNTERS_TABLE);
    for (const object of objects) {
      if (object.type === 'trigger' && COUNTERS_WRITE.test(object.sql ?? '')) tables.add(object.tbl_name);
    }
  }
  return [...tables].sort();
}

interface PostgresPlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  Plans?: PostgresPlanNode[];
}

/**
 * PostgreSQL: the tables one statement reads, from its plan (`explain (format json)` with its
 * values): each scan names its table, subplans and CTEs included. A plan that writes or locks rows
 * is never kept. The counters are read as the tables whose triggers write them, as on SQLite.
 */
async function postgresTablesOf(
  db: Kysely<Database>,
  statement: Pick<CompiledQuery, 'sql' | 'parameters'>,
): Promise<readonly string[] | null> {
  const { rows } = await unplugged(db).executeQuery<{ 'QUERY PLAN': Array<{ Plan: PostgresPlanNode }> }>(
    CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
  );
  const tables = new Set<string>();
  const visit = (node: PostgresPlanNode): boolean => {
    if (node['Node Type'] === 'ModifyTable' || node['Node Type'] === 'LockRows') return false;
    if (node['Relation Name'] !== undefined) tables.add(node['Relation Name']);
    return (node.Plans ?? []).every(visit);
  };
  for (const row of rows) {
    for (const plan of row['QUERY PLAN']) if (!visit(plan.Plan)) return null;
  }
  if (tables.has(COUNTERS_TABLE)) {
    tables.delete(COUNTERS_TABLE);
    const { rows: triggers } = await sql<{ name: string; body: string }>`
      select c.relname as name, p.prosrc as body
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal`.execute(unplugged(db));
    for (const trigger of triggers) if (COUNTERS_WRITE.test(trigger.body)) tables.add(trigger.name);
  }
  return [...tables].sort();
}

/**
 * The kept counters (db/counters.ts) have no version of their own: raising one at each of their
 * rows' updates would add a write to each of the several counter updates of every row written. They
 * change only with the tables whose triggers write them, in the same transaction (the broadcast's
 * copies skip that trigger and write them beside, in the transaction that inserts the copies; the
 * seed's bulk load raises every version), so a statement that reads them reads, for its stamp, every
 * table with such a trigger (`COUNTERS_WRITE` in its body).
 */
const COUNTERS_TABLE = 'list_counters';
const COUNTERS_WRITE = /\b(insert\s+into|update)\s+"?list_counters\b/i;

/** The tables FTS5 keeps an index in, after the index's name. */
const FTS5_SHADOW_TABLES = ['_data', '_idx', '_docsize', '_config', '_content'] as const;

/** The content table of a text index's definition (empty: it holds its own; undefined: not one). */
function contentTableOf(definition: string | null): string | undefined {
  if (!definition || !/^create virtual table/i.test(definition)) return undefined;
  return /content\s*=\s*'([^']*)'/i.exec(definition)?.[1];
}
