import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { RecentlyUsedPerOwner } from '../lib/recently-used.js';
import { nameOnPostgres } from './prepared-statements.js';
import type { Database } from './schema.js';
import { whileTablesUnchanged } from './unchanged-tables.js';

/*
 * PostgreSQL: a search matching more than the cap proves it on every request by reading one past
 * the cap of its matches (db/paginate.ts): at a million users `users?search=ana` reads 27,000 rows by
 * a sequential scan or 36,000 trigram-index entries to find 1,001 (11 to 15 ms), and
 * `conversations?search=ana&has_unread=true` ANDs two bitmaps (10 ms). SQLite knows it from the text
 * index's kept samples (db/text-index-samples.ts); PostgreSQL has no cheap version of its index to
 * keep such samples by.
 *
 * So each API process keeps the ids the last proof found (the witnesses, up to WITNESSES of them) for
 * that filtered set, and the next request for the same set checks them: each witness read by its
 * primary key and the set's whole condition tested on it, in the statement's own snapshot (1.5 to
 * 1.7 ms for 1,001 at a million rows). More than the cap of them still match: the set matches more
 * than the cap now, proven, not remembered. Fewer (witnesses deleted, renamed, read): the full proof
 * runs again and keeps its new witnesses. No write can make the answer stale, so none has to clear
 * anything; a few witnesses beyond the cap (WITNESS_MARGIN) let a set whose rows change now and then
 * (the unread conversations) keep its proof. Only a set past the cap keeps witnesses: a set under it
 * may grow at any time, and its count is read whole anyway.
 *
 * SQLite keeps them too for a search beside other filters (`sqliteMatchesUpToWitnesses`): its kept
 * samples tell a term's matches, not how many of them pass a status or unread filter, so the proof
 * read them joined to the rows (provider verifications `?search=santos&status=verified` at a million
 * users: 2,000 matches of the text index, each row read, 1,001 ids handed to JavaScript; 1.3 ms).
 * There each witness is read by its primary key and the set's condition tested on the row, its terms
 * by LIKE (the same matches as the text index): 0.5 ms.
 */

/** Witnesses kept beyond the cap's one past it, so that a few rows leaving the set spare the proof. */
export const WITNESS_MARGIN = 100;
/** The most matches a proof reads (and keeps as witnesses): one past the cap, and the margin. */
export const WITNESSES = SEARCH_COUNT_CAP + 1 + WITNESS_MARGIN;
/** Filtered sets whose witnesses each process keeps (the least recently used dropped). */
const MAX_PROOFS = 256;

const proofsByDatabase = new RecentlyUsedPerOwner<Kysely<Database>, string, string>(MAX_PROOFS);

/**
 * A table whose rows never change once written, and leave only by deletion (the audit journal: its
 * triggers refuse every update, and every delete but the retention purge's). A witness of a set of its
 * rows, filtered by their own columns, still matches as long as it exists: its check reads the
 * primary key alone, where the whole condition read each witness's row, wide in the journal (the
 * check of `?search=silva` at a million users: 5.0–5.9 → 3.7–4.2 ms).
 */
export type AppendOnlyTable = 'audit_entries';

/**
 * The ids of `matches` (a filtered query selecting one column, the id), up to WITNESSES of them; or
 * null when the witnesses kept from an earlier proof show more than the cap of matches now.
 * `appendOnly`: the table `matches` reads, when its rows never change (`AppendOnlyTable`).
 * `checked`: the same set with each searched text checked on the row (db/search.ts ROW_PLAN), which
 * the witnesses are tested against: a related side served by its subquery (`user_id in (select …)`)
 * made PostgreSQL read every match of the term into a hashed subplan for 1,001 witnesses
 * (notifications `?search=silva&is_read=true` at a million users: 4,961 users, 15 ms), where each
 * witness's user read by key costs what the witnesses are.
 */
export async function matchesUpToWitnesses<QDB, TB extends keyof QDB, O, CDB, CTB extends keyof CDB, CO>(
  db: Kysely<Database>,
  matches: SelectQueryBuilder<QDB, TB, O>,
  appendOnly?: AppendOnlyTable,
  checked?: SelectQueryBuilder<CDB, CTB, CO>,
): Promise<number[] | null> {
  const key = proofKey(matches);
  const witnessed = appendOnly
    ? await witnessesStillThere(db, appendOnly, key)
    : checked
      ? await witnessedGroups(db, checked, key, false)
      : await witnessedGroups(db, matches, key, false);
  if (witnessed) return null;
  const rows = await readMatches(db, matches, key);
  return rows.map((row) => row.id);
}

/**
 * SQLite: the rows of `matches` (a filtered query selecting the id, however it reads the term: by
 * the text index, in its order; then any value, the `group`), when they are no more than the cap; or
 * null when they are more (a proof's, or the witnesses kept from an earlier proof of the same set).
 * `checked`: the same
 * set with each searched text checked on the row (db/search.ts ROW_PLAN), whose statement and values
 * name the set and which each witness is tested against.
 */
export async function sqliteMatchesUpToWitnesses<
  QDB,
  TB extends keyof QDB,
  O,
  CDB,
  CTB extends keyof CDB,
  CO,
>(
  db: Kysely<Database>,
  matches: SelectQueryBuilder<QDB, TB, O>,
  checked: SelectQueryBuilder<CDB, CTB, CO>,
): Promise<Array<{ id: number; group: unknown }> | null> {
  /* What the proof or the witnesses found stands while the tables they read are unchanged
     (db/unchanged-tables); past the cap, only that it is past (null), not the matches read. */
  return whileTablesUnchanged(db, [matches, checked], async () => {
    const key = proofKey(checked);
    const witnesses = proofsByDatabase.of(db).get(key);
    if (witnesses !== undefined && (await witnessesStillMatch(db, checked, witnesses))) return null;
    const rows = await readMatches(db, matches, key, 'sqlite');
    return rows.length > SEARCH_COUNT_CAP ? null : rows;
  });
}

/**
 * SQLite: whether more than the cap of `witnesses` (a JSON array) are rows of `checked` now. The
 * cross join keeps the witnesses outside: each is looked up by the listed rows' primary key and the
 * set's condition tested on that row, until one past the cap is found.
 */
async function witnessesStillMatch<CDB, CTB extends keyof CDB, CO>(
  db: Kysely<Database>,
  checked: SelectQueryBuilder<CDB, CTB, CO>,
  witnesses: string,
): Promise<boolean> {
  const { rows } = await sqliteWitnessCheck(checked, witnesses).execute(db);
  return Number(rows[0]?.n ?? 0) > SEARCH_COUNT_CAP;
}

/** SQLite: the statement of `witnessesStillMatch` (its plan is tested). */
export function sqliteWitnessCheck<CDB, CTB extends keyof CDB, CO>(
  checked: SelectQueryBuilder<CDB, CTB, CO>,
  witnesses: string,
) {
  return sql<{ n: number }>`
    select count(*) as n from (
      select 1 from json_each(${witnesses}) as witness
      cross join (${checked}) as listed on listed.id = witness.value
      limit ${SEARCH_COUNT_CAP + 1}
    ) as found`;
}

/**
 * `matches` (a filtered query selecting the id, then a value the rows are grouped by: a dispute's
 * status) counted per value over its first matches, up to one past the cap, and `capped` past it:
 * over the witnesses still matching when they show it (the cap's worth, one past it, as a proof
 * would have read), else over what the proof reads. Under the cap, `matches` holds every match
 * (its id and value).
 */
export async function groupsUpToCap<QDB, TB extends keyof QDB, O>(
  db: Kysely<Database>,
  matches: SelectQueryBuilder<QDB, TB, O>,
): Promise<{ counts: Map<string, number>; capped: boolean; matches?: GroupedMatch[] }> {
  const key = proofKey(matches);
  const witnessed = await witnessedGroups(db, matches, key, true);
  if (witnessed) return { counts: witnessed, capped: true };
  const rows = await readMatches(db, matches, key);
  const capped = rows.length > SEARCH_COUNT_CAP;
  const counted = rows
    .slice(0, SEARCH_COUNT_CAP + 1)
    .map((row) => ({ id: row.id, value: String(row.group) }));
  return capped
    ? { counts: countValues(counted), capped }
    : { counts: countValues(counted), capped, matches: counted };
}

/** A match of a grouped set: its id and the value it is grouped by. */
export interface GroupedMatch {
  id: number;
  value: string;
}

/** How many matches hold each value. */
export function countValues(matches: readonly GroupedMatch[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { value } of matches) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

function proofKey<QDB, TB extends keyof QDB, O>(matches: SelectQueryBuilder<QDB, TB, O>): string {
  const compiled = matches.compile();
  return `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}

/**
 * The full proof: up to WITNESSES rows of `matches` (id, and the group's value when selected), whose
 * ids are kept as witnesses when they are more than the cap, and forgotten otherwise.
 */
async function readMatches<QDB, TB extends keyof QDB, O>(
  db: Kysely<Database>,
  matches: SelectQueryBuilder<QDB, TB, O>,
  key: string,
  dialect: 'postgres' | 'sqlite' = 'postgres',
): Promise<Array<{ id: number; group: unknown }>> {
  const selected = await matches.limit(WITNESSES).execute();
  const rows = selected.map((row) => {
    const [id, group] = Object.values(row as object);
    return { id: Number(id), group };
  });
  const proofs = proofsByDatabase.of(db);
  if (rows.length > SEARCH_COUNT_CAP) {
    // A PostgreSQL array literal, or a JSON array for SQLite's json_each.
    const ids = rows.map((row) => row.id).join(',');
    proofs.set(key, dialect === 'postgres' ? `{${ids}}` : `[${ids}]`);
  } else proofs.delete(key);
  return rows;
}

/**
 * When witnesses are kept under `key`, of a set of rows of `table` that never change: whether more
 * than the cap of them still exist (in the statement's snapshot), each looked up in the primary key.
 * Its plan does not depend on the values: named.
 */
async function witnessesStillThere(
  db: Kysely<Database>,
  table: AppendOnlyTable,
  key: string,
): Promise<boolean> {
  const witnesses = proofsByDatabase.of(db).get(key);
  if (witnesses === undefined) return false;
  const check = sql<{ n: number | string }>`
    select count(*) as n from (
      select 1 from ${sql.table(table)} where id = any(${witnesses}::bigint[]) limit ${SEARCH_COUNT_CAP + 1}
    ) as found`;
  nameOnPostgres(check.compile(db).sql);
  const { rows } = await check.execute(db);
  return Number(rows[0]?.n ?? 0) > SEARCH_COUNT_CAP;
}

/**
 * When witnesses of `matches` are kept and more than the cap of them match now: the count of those
 * (the first one past the cap of them found) per group value (`grouped`: the second
 * column `matches` selects; else all under ''). Null otherwise (no witnesses, or too few left).
 *
 * Each witness is looked up by the listed rows' primary key in a lateral subquery that the planner
 * cannot merge with the others (`offset 0`): merged, it ANDed the filter's bitmaps with the
 * witnesses' (29 ms for conversations `?search=ana&has_unread=true`, 1.7 ms looked up one by one).
 * The lookups stop at one past the cap found. Its plan does not depend on the values: named
 * (db/prepared-statements).
 */
async function witnessedGroups<QDB, TB extends keyof QDB, O>(
  db: Kysely<Database>,
  matches: SelectQueryBuilder<QDB, TB, O>,
  key: string,
  grouped: boolean,
): Promise<Map<string, number> | null> {
  const witnesses = proofsByDatabase.of(db).get(key);
  if (witnesses === undefined) return null;
  const columns = grouped ? sql`(id, value)` : sql`(id)`;
  const value = grouped ? sql`listed.value` : sql`1`;
  const check = sql<{ value: unknown; n: number | string }>`
    select ${grouped ? sql`value` : sql`'' as value`}, count(*) as n from (
      select still.value from unnest(${witnesses}::bigint[]) as witness (id),
      lateral (select ${value} as value from (${matches}) as listed ${columns}
        where listed.id = witness.id offset 0) as still
      limit ${SEARCH_COUNT_CAP + 1}
    ) as found ${grouped ? sql`group by value` : sql``}`;
  nameOnPostgres(check.compile(db).sql);
  const { rows } = await check.execute(db);
  const counts = new Map(rows.map((row) => [String(row.value), Number(row.n)]));
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return total > SEARCH_COUNT_CAP ? counts : null;
}
