import { normalizeSearchText, SEARCH_COUNT_CAP } from '@kwanza/contract';
import {
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { RecentlyUsedPerOwner } from '../lib/recently-used.js';
import { WITNESSES } from './capped-witnesses.js';
import type { Dialect } from './database.js';
import type { Database } from './schema.js';
import { dialectOf, escapeLike } from './sql.js';
import { sampleMatches, termsStartingWith } from './text-index-samples.js';

/*
 * Free-text search through each table's text index (see migrations/support/search-index.ts):
 * - SQLite: the FTS5 trigram table `<table>_fts` finds the rows whose `search_text` contains the
 *   term;
 * - PostgreSQL: `search_text like '%…%'`, served by the pg_trgm GIN index.
 * Accents and case never matter: terms are normalized like the stored texts.
 *
 * Terms of three characters or more match anywhere (infix). Shorter terms, which no trigram can
 * serve, match the start of a word: every stored text begins with a space (lib/search-text), so the
 * start of a word is ' ' + term — three characters on SQLite's trigram index for a two-character term,
 * a word-start trigram for pg_trgm. Only a one-character term on SQLite is left to a LIKE scan; it
 * matches so many rows that the page and the capped count stop early. The audit journal's texts
 * (written before that rule, and never rewritten) keep infix matching of short terms, by LIKE.
 *
 * Dense terms on SQLite: a term found in a large share of a big table ('luanda' among providers) costs
 * the text index a long intersection of doclists (half a second at a million rows) to hand over
 * matches that the list's order index would have met within its first few rows anyway. A list asks
 * `planSearch` first (its first 1,001 or 2,500 matches, read from the index in 1 to 4 ms, tell the
 * share) and then searches by LIKE along its order index: the same rows, fewer visits. A rare term's
 * sample holds all its matches: the list looks among those ids and the index is not asked twice.
 */

export type SearchableTable =
  | 'users'
  | 'provider_profiles'
  | 'projects'
  | 'provider_verifications'
  | 'client_verifications'
  | 'disputes'
  | 'reports'
  | 'notifications'
  | 'audit_entries'
  | 'conversations'
  | 'dispute_parties';

/**
 * Where each searchable text lives: a table's `search_text`, or for 'dispute_parties' the parties'
 * text of a dispute (migrations/support/party-search). Its text index is `<name>_fts` on SQLite.
 */
const TEXT_COLUMNS: Partial<Record<SearchableTable, { table: string; column: string }>> = {
  dispute_parties: { table: 'disputes', column: 'party_text' },
};

function textColumn(name: SearchableTable): { table: string; column: string } {
  return TEXT_COLUMNS[name] ?? { table: name, column: 'search_text' };
}

const TRIGRAM = 3;

/** Tables whose texts start with a space, so that short terms match word starts. */
function hasWordStarts(table: SearchableTable | 'notification_broadcasts'): boolean {
  return table !== 'audit_entries';
}

/** What a term is searched as: the normalized term, or ' ' + term for a short one (a word start). */
export function searchedText(term: string, table: SearchableTable | 'notification_broadcasts'): string {
  const normalized = normalizeSearchText(term);
  return [...normalized].length < TRIGRAM && hasWordStarts(table) ? ` ${normalized}` : normalized;
}

/** The LIKE pattern of a term on `table`'s `search_text` (same matches as its text index). */
export function searchLikePattern(term: string, table: SearchableTable | 'notification_broadcasts'): string {
  return `%${escapeLike(searchedText(term, table))}%`;
}

/** The FTS5 phrase of a searched text: matched as a substring. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

export interface SearchOptions {
  /** Alias of the searched rows (default: the table). */
  alias?: string;
  /** The column of the aliased rows holding the id of a `table` row (default: their own id). */
  idColumn?: string;
  /** How `planSearch` found the term in this table (default: through the text index). */
  plan?: SearchPlan;
}

/**
 * How to search a term in a table (SQLite; `planSearch`): through the text index; by LIKE on each
 * visited row (a dense term); or among the few ids the index already gave (a rare term). `sampled`:
 * the matches `planSearch` read from the index (its sample size when they were not all of them),
 * `share` the part of the ids they span that they are, and `leftOut` the rows the list leaves out
 * whatever the search (deleted users'), counted to size the sample. `match`: the text index's query of
 * a one-character term (`wordStartQuery`), which no phrase expresses; without it, such a term is
 * checked by LIKE.
 */
export type SearchPlan =
  | { kind: 'index'; sampled?: number; share?: number; leftOut?: number; probe?: boolean; match?: string }
  | { kind: 'scan'; sampled?: number; share?: number; leftOut?: number; joined?: boolean; match?: string }
  | { kind: 'ids'; ids: readonly number[]; probe?: boolean };

export const INDEX_PLAN: SearchPlan = { kind: 'index' };

/** A plan that already knows there is no match. */
export function isEmptyPlan(plan: SearchPlan): boolean {
  return plan.kind === 'ids' && plan.ids.length === 0;
}

/**
 * A condition "the row of `table` (aliased `alias`, default the table) whose id is `idColumn`
 * contains `term`": `<id> in (FTS matches)` on SQLite, an index-served LIKE on PostgreSQL; a LIKE on
 * the visited row itself with `scan`.
 */
export function searchMatches(
  dialect: Dialect,
  table: SearchableTable,
  term: string,
  options: SearchOptions = {},
): RawBuilder<boolean> {
  const { table: rowsTable, column } = textColumn(table);
  const alias = options.alias ?? rowsTable;
  const text = searchedText(term, table);
  const idRef = sql.ref(`${alias}.${options.idColumn ?? 'id'}`);
  const pattern = searchLikePattern(term, table);
  const rows = sql.table(rowsTable);
  const searched = sql.ref(`s.${column}`);
  const ownText = sql.ref(`${alias}.${column}`);
  if (options.plan?.kind === 'ids') {
    const ids = options.plan.ids;
    if (ids.length === 0) return sql<boolean>`1 = 0`;
    /* SQLite: one JSON parameter, so that the statement's text stays the same from one search to the
       next and is prepared once (db/statement-cache); a list of literals made each search's three or
       four statements new, up to 2,500 numbers parsed in each. `+id` when probed along the list's
       order (`probeAlongOrder`), as the text index's matches below. */
    const id = options.plan.probe ? sql`+${idRef}` : idRef;
    return dialect === 'sqlite'
      ? sql<boolean>`${id} in (select value from json_each(${JSON.stringify(ids)}))`
      : sql<boolean>`${idRef} in (${sql.join(ids.map((id) => sql.lit(id)))})`;
  }
  if (options.plan?.kind === 'scan') {
    // Read joined to the text index's own matches (inTextIndexOrder): each row holds the term already.
    if (options.plan.joined && !options.idColumn) return sql<boolean>`1 = 1`;
    if (options.idColumn && dialect === 'postgres') {
      /* The related row's text read by its key on each visited row: PostgreSQL turns an `exists` in
         an OR into a hashed subplan, which reads every match of the term first (the 36,000 users of
         'ana': 100 ms before a page of notifications). */
      return sql<boolean>`(select ${searched} from ${rows} s where s.id = ${idRef}) like ${pattern} escape '\\'`;
    }
    if (options.idColumn) {
      return sql<boolean>`exists (select 1 from ${rows} s where s.id = ${idRef} and ${searched} like ${pattern} escape '\\')`;
    }
    return sql<boolean>`${ownText} like ${pattern} escape '\\'`;
  }
  const match = options.plan?.kind === 'index' ? options.plan.match : undefined;
  if (dialect === 'sqlite' && ([...text].length >= TRIGRAM || match !== undefined)) {
    const fts = sql.table(`${table}_fts`);
    // `+id`: the matches are a set the list's order index probes (probePlan), never what leads.
    const id = options.plan?.kind === 'index' && options.plan.probe ? sql`+${idRef}` : idRef;
    return sql<boolean>`${id} in (select rowid from ${fts} where ${fts} match ${match ?? ftsPhrase(text)})`;
  }
  if (options.idColumn) {
    return sql<boolean>`${idRef} in (select s.id from ${rows} s where ${searched} like ${pattern} escape '\\')`;
  }
  return sql<boolean>`${ownText} like ${pattern} escape '\\'`;
}

/**
 * Matches sampled (in id order) to estimate a term's share of a table; fewer than the sample size are
 * all the matches, searched among by id. Reading them from the index costs what is read of its
 * doclist: reports `comportement` at a million users, 4.1 ms for 2,500 matches, 1.5 for 1,001.
 * A sample one past the cap (CAP_SAMPLE) tells a count past the cap, and a term's share. A list that
 * leaves rows out whatever the search (deleted users': users, providers, verifications) and
 * would know its count from the sample counts those rows first (a few, by their index) and samples as
 * many more (`sampleSizeFor`), up to DENSITY_SAMPLE.
 */
export const CAP_SAMPLE = SEARCH_COUNT_CAP + 1;
export const DENSITY_SAMPLE = 2500;
/** Rows left out from which a sample of DENSITY_SAMPLE cannot pass the cap: the search counts. */
export const LEFT_OUT_BOUND = DENSITY_SAMPLE - SEARCH_COUNT_CAP;

/**
 * The matches `planSearch` samples when `leftOut` rows (up to LEFT_OUT_BOUND) may be left out of
 * them: one past the cap beyond those, or, when they are too many for a sample to pass the cap, just
 * one past the cap (the search counts anyway).
 */
export function sampleSizeFor(leftOut: number): number {
  return leftOut < LEFT_OUT_BOUND ? CAP_SAMPLE + leftOut : CAP_SAMPLE;
}

/** Counts the rows a list leaves out whatever the search (deleted users'), up to `limit`. */
export type LeftOutCounter = (limit: number) => Promise<number>;

/** From this share of the table on, a term is searched by LIKE along the list's order. */
export const DENSE_SHARE = 0.02;
/**
 * Below this many rows (the newest id), the text index serves every term well enough: sorting all of
 * a term's matches for a page costs a few milliseconds. Above, a term with thousands of matches makes
 * that sort the page's cost (disputes `?search=retard`, 9,500 of 77,000: 17 ms by the index, 0.1 ms
 * along the order index).
 */
export const LARGE_TABLE_ROWS = 10_000;

/**
 * Whether `sampled` matches, read from the text index in id order from `firstId` to `lastId`, in a
 * table whose newest id is `newestId`, show a dense term: a full sample of `size`, a big table, and
 * matches at least DENSE_SHARE of the ids they span.
 */
export function isDenseSample(sample: Sample, size: number): boolean {
  if (sample.sampled < size || sample.newestId < LARGE_TABLE_ROWS) return false;
  return shareOf(sample) >= DENSE_SHARE;
}

interface Sample {
  sampled: number;
  firstId: number;
  lastId: number;
  newestId: number;
}

/** The part of the ids a sample spans that its matches are. */
function shareOf(sample: Sample): number {
  return sample.sampled / (Math.abs(sample.lastId - sample.firstId) + 1);
}

/**
 * Rows a page may visit along a list's order, checking the term on each (LIKE), before reading all of
 * a common term's matches from the text index is cheaper: at a million users, `?search=silva` (4,885
 * matches, 0.5 %) fills its first page in 4,000 visits, 1.2 ms, where the index took 2 to 2.7 ms;
 * conversations 2.9 against 4.5 ms.
 */
export const PAGE_SCAN_VISITS = 5_000;

/**
 * PAGE_SCAN_VISITS for a list whose order does not follow its ids: the verifications, listed by
 * submission time, were written in their users' order. Each visit reads a row at a random place
 * (0.5 to 1.5 µs at a million users, against 0.25 for users along their joining time), and reading a
 * term's matches from the index costs about 0.9 µs a match: `?search=silva` (1,228 of 251,000 client
 * verifications, page 1 met in 4,100 visits) 1.6 ms along the order, 0.9 by the index; `santos` (1,150
 * visits) 0.35 ms along the order, 12 by the index.
 */
export const SCATTERED_PAGE_SCAN_VISITS = 2_500;

/**
 * The plan of the page of a list whose count the sample already told (`searchCapped`, no other filter):
 * a term planned 'index', found in `share` of the rows, is checked on each row along the list's order
 * when the page's last row (`pageEnd`) is met within `visits` (PAGE_SCAN_VISITS by default). Its
 * deeper pages keep the text index, whose cost does not grow with the page.
 */
export function pagePlan(plan: SearchPlan, pageEnd: number, visits = PAGE_SCAN_VISITS): SearchPlan {
  if (plan.kind !== 'index' || !plan.share) return plan;
  return pageEnd / plan.share <= visits ? { ...plan, kind: 'scan' } : plan;
}

/**
 * Index entries a page may walk along a list's order index, probing each id in the set of a term's
 * matches (read whole from the text index, as by 'index'), before reading every match's row to sort
 * them costs more: the audit journal's rows are wide, and `?search=santos` (12,900 matches of 795,000)
 * cost 30 ms by its rows, 8 ms by its time index.
 */
export const PAGE_PROBE_VISITS = 20_000;

/**
 * The plan of a page of the audit journal without other filter: a term planned 'index' or 'scan',
 * found in `share` of the rows, is probed along the order index when the page's last row (`pageEnd`)
 * is met within PAGE_PROBE_VISITS entries. Its deeper pages, and its count, keep reading the matches'
 * rows.
 */
export function probePlan(plan: SearchPlan, pageEnd: number): SearchPlan {
  if (plan.kind === 'ids' || !plan.share || pageEnd / plan.share > PAGE_PROBE_VISITS) return plan;
  return {
    kind: 'index',
    sampled: plan.sampled,
    share: plan.share,
    probe: true,
    ...(plan.match === undefined ? {} : { match: plan.match }),
  };
}

/** `pagePlan` for each own side of a list (a related side keeps its plan). */
export function pagePlans(
  sides: readonly SearchSide[],
  plans: SearchPlans,
  pageEnd: number,
  visits = PAGE_SCAN_VISITS,
): SearchPlans {
  const adjusted = new Map(plans);
  for (const side of sides) {
    const plan = plans.get(side.table);
    if (plan && isOwnSide(side)) adjusted.set(side.table, pagePlan(plan, pageEnd, visits));
  }
  return adjusted;
}

/**
 * `probePlan` for each own side of a list that `pagePlans` left on 'index' (its page's last row lies
 * past the visits it allows along the list's order): the order index is walked and each entry's id
 * probed among the matches, where reading every match's row to sort them cost more. Provider
 * verifications `?search=silva` at a million users (1,725 matches, the first page met in 3,290
 * entries of the submission index): the page's statement 5.4 ms sorted, 1.5 probed (SQLite filters
 * the entries through a Bloom filter of the matches). A side planned 'scan' keeps it: a dense term's
 * matches are too many to read whole.
 */
export function probePlans(sides: readonly SearchSide[], plans: SearchPlans, pageEnd: number): SearchPlans {
  const adjusted = new Map(plans);
  for (const side of sides) {
    const plan = plans.get(side.table);
    if (plan?.kind === 'index' && isOwnSide(side)) adjusted.set(side.table, probePlan(plan, pageEnd));
  }
  return adjusted;
}

/**
 * Rows a page of a search known to match more than the cap may be expected to visit along the list's
 * order index, probing each in the sets of its sides' matches, before gathering every match by the
 * sides' indexes and sorting them costs less. At a million users (301,000 notifications; the
 * recipients' side 4,858 users for 'silva', 6,233 for 'x'), gathering took 4.5 ms and a visit (the
 * row read for its recipient) 0.8 to 1.3 µs; the visits expected from the cap, 1,500 for page 1 of
 * `?search=silva&is_read=true`, were 2,122 (4.5 → 1.7 ms), 3,007 for `?search=silva`, 3,066 (4.4 →
 * 3.9 ms of SQL, the request no faster); page 20 of either took 40 to 49 ms probed.
 */
export const CAPPED_PROBE_VISITS = 2_000;

/**
 * SQLite, the page of a search proven to match more than the cap (SEARCH_COUNT_CAP) among `listed`
 * rows (the list's filters alone, from its kept counters): its matches are at least a
 * (cap + 1) / `listed` share of the rows, so the page's last row (`pageEnd`) is expected within
 * `pageEnd × listed / (cap + 1)` visits along the list's order (matches spread along it as along the
 * ids, as `pagePlan` expects of a sample's share). Within CAPPED_PROBE_VISITS, every
 * side planned by its text index or its ids, related sides included, is probed (`+id in …`: a set the
 * order index's walk tests, never what leads); a side checked on the row ('scan') stays. Null when
 * the page is deeper or nothing would change.
 */
export function probeAlongOrder(plans: SearchPlans, pageEnd: number, listed: number): SearchPlans | null {
  if ((pageEnd * listed) / (SEARCH_COUNT_CAP + 1) > CAPPED_PROBE_VISITS) return null;
  const probed = new Map(plans);
  let changed = false;
  for (const [table, plan] of plans) {
    if (plan.kind === 'scan' || isEmptyPlan(plan) || plan.probe) continue;
    probed.set(table, { ...plan, probe: true });
    changed = true;
  }
  return changed ? probed : null;
}

/**
 * Below this share of its table (the sample's, `SearchPlan.share`), a related side found dense is
 * read through its text index by a search's proof (`proofPlans`). Measured at a million users, warm,
 * the proof of one past the cap and the witnesses (1,101 matches): 'ana' (3.6 % of the users)
 * reports 131 → 14 ms, notifications `?is_read=false` 160 → 4 ms; 'mar' (5.8 %) 75 → 14 and 76 → 4;
 * 'outlook' (11.6 %) reports 40 → 82 ms, where each report visited finds a match sooner than the
 * index hands over its 116,000 users; 'gmail' (41 %) 6 → 183 ms.
 */
export const PROOF_INDEX_SHARE = 0.08;

/**
 * SQLite, the plans of a search's proof (its matches read up to one past the cap and the witnesses,
 * db/paginate.ts): a related side planned 'scan' (a LIKE on the related row, read by key from each
 * listed row visited) spread over less than PROOF_INDEX_SHARE of its table is read through its text
 * index. A page stops after a few matches along the list's order and is best served by the scan; a
 * proof walks on for 1,101 matches: one in fourteen reports names a user holding 'ana', so 15,000
 * reports and their 30,000 users were read at random by key (131 ms warm, 850 ms with the file's
 * pages cold: the first search of a term after a start), where the users' matches, read once from
 * their index, are looked up by the listed rows' indexes of that column. The listed rows' own sides
 * and every plan on PostgreSQL are unchanged.
 */
export function proofPlans(dialect: Dialect, sides: readonly SearchSide[], plans: SearchPlans): SearchPlans {
  if (dialect !== 'sqlite') return plans;
  const own = new Set(sides.filter(isOwnSide).map((side) => side.table));
  const adjusted = new Map(plans);
  for (const side of sides) {
    const plan = plans.get(side.table);
    if (isOwnSide(side) || own.has(side.table) || plan?.kind !== 'scan' || plan.joined) continue;
    if (plan.share === undefined || plan.share >= PROOF_INDEX_SHARE) continue;
    const { sampled, share, leftOut, match } = plan;
    adjusted.set(side.table, {
      kind: 'index',
      share,
      ...(sampled === undefined ? {} : { sampled }),
      ...(leftOut === undefined ? {} : { leftOut }),
      ...(match === undefined ? {} : { match }),
    });
  }
  return adjusted;
}

/** Whether a plan is probed along the list's order (`probePlan`, `probeAlongOrder`). */
function isProbed(plan: SearchPlan): boolean {
  return plan.kind !== 'scan' && plan.probe === true;
}

/**
 * SQLite: how to search `term` in `table`, from its first matches (`sampleSizeFor` the rows
 * `leftOutUpTo` counts, CAP_SAMPLE without it), read from the text index in ascending rowid order
 * (its doclists' own order: reading them backwards cost a quarter to a third more) which stops there:
 * fewer than that, they are all the matches ('ids'); spread over a small part of a big table, the
 * term is dense ('scan'); else 'index'. PostgreSQL's planner weighs this itself from its statistics:
 * always 'index' there. `leftOutUpTo` is asked only when the term is sampled.
 */
export async function planSearch(
  db: Kysely<Database>,
  table: SearchableTable,
  term: string | undefined,
  leftOutUpTo?: LeftOutCounter,
): Promise<SearchPlan> {
  if (!term || dialectOf(db) !== 'sqlite') return INDEX_PLAN;
  const text = searchedText(term, table);
  let query = ftsPhrase(text);
  let match: { match: string } | Record<string, never> = {};
  if ([...text].length < TRIGRAM) {
    // A one-character term: the start of a word, by its trigrams (db/word-starts.ts); the journal's
    // texts have no word starts, and their short terms are read by LIKE.
    if (!hasWordStarts(table)) return INDEX_PLAN;
    const starts = await wordStartQuery(db, table, text);
    if (starts === null) return { kind: 'ids', ids: [] };
    query = starts;
    match = { match: starts };
  }
  const leftOut = leftOutUpTo ? await leftOutUpTo(LEFT_OUT_BOUND) : 0;
  const size = sampleSizeFor(leftOut);
  // Kept while the text index is unchanged (db/text-index-samples.ts).
  const ids = await sampleMatches(db, `${table}_fts`, query, size);
  const first = ids[0];
  const last = ids.at(-1);
  if (first === undefined || last === undefined || ids.length < size) return { kind: 'ids', ids };
  const rows = sql.table(textColumn(table).table);
  const newest = await sql<{ id: number | null }>`select max(id) as id from ${rows}`.execute(db);
  const sampled = {
    sampled: ids.length,
    firstId: first,
    lastId: last,
    newestId: Number(newest.rows[0]?.id ?? 0),
  };
  const kind = isDenseSample(sampled, size) ? 'scan' : 'index';
  const plan = { kind, sampled: ids.length, share: shareOf(sampled), ...match } as const;
  return leftOut > 0 ? { ...plan, leftOut } : plan;
}

/**
 * SQLite: the FTS5 query of a word start `text` (a space and one character) in `table`'s text index:
 * the index's trigrams starting with it, ORed (db/word-starts.ts); null when it holds none (no text
 * has such a word).
 */
export async function wordStartQuery(
  db: Kysely<Database>,
  table: SearchableTable,
  text: string,
): Promise<string | null> {
  const terms = await termsStartingWith(db, `${table}_fts`, text);
  return terms.length === 0 ? null : terms.map(ftsPhrase).join(' OR ');
}

/**
 * How to search `term` in `table` for a related side of a list (the users a notification or a report
 * names). SQLite: `planSearch`. PostgreSQL serves a related side's `column in (subquery)` within the
 * search's OR only by a hashed subplan beside a read of every listed row (notifications
 * `?search=maria silva`: 50 ms for 301,000 rows at a million users), where literal ids let it OR the
 * branches' indexes (5 ms). Its first matches (CAP_SAMPLE, read by the text index, 2 to 10 ms) tell:
 * fewer, they are all the matches ('ids'); spread over a small part of a big table (ids follow the
 * rows' physical order, read by a bitmap), the term is dense and is checked on each visited row
 * ('scan'); else the subquery ('index').
 */
export async function planRelatedSearch(
  db: Kysely<Database>,
  table: SearchableTable,
  term: string | undefined,
  now: number = Date.now(),
): Promise<SearchPlan> {
  if (!term || dialectOf(db) !== 'postgres') return planSearch(db, table, term);
  const key = `${table}\u0000${searchedText(term, table)}`;
  const keptPlans = keptRelatedPlans.of(db);
  const kept = keptPlans.get(key);
  if (kept && now - kept.at < RELATED_PLAN_KEPT_MS) return kept.plan;
  const { table: rowsTable, column } = textColumn(table);
  const rows = sql.table(rowsTable);
  const sample = await sql<{ id: number }>`
    select id from ${rows} where ${sql.ref(column)} like ${searchLikePattern(term, table)} escape '\\'
    limit ${CAP_SAMPLE}`.execute(db);
  const ids = sample.rows.map((row) => Number(row.id));
  if (ids.length < CAP_SAMPLE) return { kind: 'ids', ids };
  const newest = await sql<{ id: number | null }>`select max(id) as id from ${rows}`.execute(db);
  const sampled = {
    sampled: ids.length,
    firstId: Math.min(...ids),
    lastId: Math.max(...ids),
    newestId: Number(newest.rows[0]?.id ?? 0),
  };
  const plan: SearchPlan = {
    kind: isDenseSample(sampled, CAP_SAMPLE) ? 'scan' : 'index',
    sampled: ids.length,
    share: shareOf(sampled),
  };
  keptPlans.set(key, { plan, at: now });
  return plan;
}

/**
 * PostgreSQL: how long each API process keeps a related side's plan of a term found in more than
 * CAP_SAMPLE rows ('index' or 'scan'), and how many terms. Its sample read 1,001 matches on every
 * request (at a million users, `?search=ana`: 27,000 users by a sequential scan, 11.8 ms of a
 * notifications search's 32; 'silva' 4.2 ms by the text index), only to choose between two
 * statements that find the same rows: a kept plan may grow stale (a term's matches fall under the
 * cap), never the answer. A rare term's plan is its matches' ids, read on every request, never kept.
 */
export const RELATED_PLAN_KEPT_MS = 60_000;
const keptRelatedPlans = new RecentlyUsedPerOwner<Kysely<Database>, string, { plan: SearchPlan; at: number }>(
  256,
);

/** One place a term is looked for: a searchable table, reached from the listed rows by `idColumn`. */
export interface SearchSide {
  table: SearchableTable;
  /** Alias of the listed rows (default: the table). */
  alias?: string;
  /** The column of the listed rows holding the id of a `table` row (default: their own id). */
  idColumn?: string;
}

/** The plan of each searched table (a table missing here is searched through its index). */
export type SearchPlans = ReadonlyMap<SearchableTable, SearchPlan>;

/** Whether a side searches the listed rows' own text (not a related table's, through a column). */
function isOwnSide(side: SearchSide): boolean {
  return side.idColumn === undefined;
}

/**
 * Plans `term` once per table of `sides` (two sides on users share one plan), the listed rows' own
 * texts first. With `checkOthersOnRows`, when an own text finds the term dense, the other sides are
 * not sampled: they are checked on each row the page visits (ROW_PLAN), a few hundred rows at most
 * along the list's order, where sampling them read a whole doclist (the recipients of
 * `notifications?search=maintenance`: 5 ms for no match). Only for a list that will not count its
 * matches row by row: a count would check them on every row it reads. `checkOthersOnRows` tells it
 * from the own texts' plans (`searchCapped`, asked only when one of them is dense).
 */
export async function planSearches(
  db: Kysely<Database>,
  sides: readonly SearchSide[],
  term: string | undefined,
  options: {
    checkOthersOnRows?: (ownPlans: SearchPlans) => Promise<boolean>;
    leftOutUpTo?: LeftOutCounter;
  } = {},
): Promise<SearchPlans> {
  const plans = new Map<SearchableTable, SearchPlan>();
  const leftOutUpTo = options.leftOutUpTo && once(options.leftOutUpTo);
  for (const side of sides.filter(isOwnSide)) {
    if (!plans.has(side.table)) plans.set(side.table, await planSearch(db, side.table, term, leftOutUpTo));
  }
  const ownDense = [...plans.values()].some((plan) => plan.kind === 'scan');
  const onRows = Boolean(term) && ownDense && (await options.checkOthersOnRows?.(plans)) === true;
  for (const side of sides.filter((candidate) => !isOwnSide(candidate))) {
    if (plans.has(side.table)) continue;
    plans.set(side.table, onRows ? ROW_PLAN : await planRelatedSearch(db, side.table, term));
  }
  return plans;
}

/** `count` asked once: later calls answer its first answer. */
function once(count: LeftOutCounter): LeftOutCounter {
  let counted: Promise<number> | undefined;
  return (limit) => {
    counted ??= count(limit);
    return counted;
  };
}

/**
 * Whether a search already matches more than the cap of listed rows, by its plans alone: a side on the
 * listed rows' own text sampled more than the cap of matches beyond the rows the list leaves out
 * whatever the search (deleted users', counted by `planSearch`: an upper bound). Only for a list
 * without other filters. The count up to the cap then needs no second pass over the text index
 * (1 to 3 ms at a million rows).
 */
export function searchCapped(sides: readonly SearchSide[], plans: SearchPlans): boolean {
  return sides.some((side) => {
    const plan = plans.get(side.table);
    if (!isOwnSide(side) || !plan || plan.kind === 'ids') return false;
    return (plan.sampled ?? 0) - (plan.leftOut ?? 0) > SEARCH_COUNT_CAP;
  });
}

/**
 * "`term` is found on any of `sides`" (or in one of the `others` conditions) as one OR. A side whose
 * plan knows it matches nothing is left out: SQLite serves an OR by index only when every branch has
 * one, and '1 = 0' has none. No branch left: nothing matches.
 */
export function searchAnySide(
  dialect: Dialect,
  term: string,
  sides: readonly SearchSide[],
  plans: SearchPlans = new Map(),
  others: readonly Expression<SqlBool>[] = [],
): Expression<SqlBool> {
  const branches: Expression<SqlBool>[] = [];
  for (const side of sides) {
    const plan = plans.get(side.table) ?? INDEX_PLAN;
    if (!isEmptyPlan(plan)) branches.push(searchMatches(dialect, side.table, term, { ...side, plan }));
  }
  branches.push(...others);
  if (branches.length === 0) return sql<SqlBool>`1 = 0`;
  return branches.length === 1 && branches[0]
    ? branches[0]
    : sql<SqlBool>`(${sql.join(branches, sql` or `)})`;
}

/**
 * Filters keeping at least this share of a list's rows are broad: a dense term's matches, read in the
 * text index's order, meet the cap's worth of rows passing them sooner than the filters' own index
 * would (`inTextIndexOrder`).
 */
export const BROAD_FILTER_SHARE = 0.1;

/** Whether filters keeping `kept` of `total` rows (the kept counters tell both) are broad. */
export function isBroadFilter(kept: number, total: number): boolean {
  return total > 0 && kept >= BROAD_FILTER_SHARE * total;
}

/**
 * How many times cheaper a match gathered from the text index is than a row read in the text index's
 * order (`inTextIndexOrder`) to check a time window on it: at a million users about 0.4 µs against
 * 2.5; taken at 4, as a phrase of many trigrams costs more per match.
 */
export const GATHERED_PER_READ = 4;

/**
 * How a list counts its own text's matches beside a broad time window holding `inWindow` of the
 * table's `rows` (`isBroadFilter`): the probe plan, where the term's matches (about `share` of the
 * rows) are gathered from the text index and the window's covering index walked to probe each entry
 * among them, without reading its row; or null, when reading the matches in the text index's order
 * until WITNESSES of them are in the window costs less (a common term: at a million users,
 * notifications 'a', 271,000 matches, or provider verifications 'lda', 55,000). In that order each
 * match's row is read to check its date: notifications `?search=site&period=week` (9,600 matches,
 * 35,000 notifications in the week) 25 ms, 4 probed; provider verifications `?search=923&days=7`
 * 15 ms, 3.5 probed. A plan holding the matches' ids, or without a share, is kept.
 */
export function windowPlan(plan: SearchPlan, rows: number, inWindow: number): SearchPlan | null {
  if (plan.kind === 'ids' || !plan.share) return plan;
  const readInTextOrder = inWindow > 0 ? (WITNESSES * rows) / inWindow : rows;
  if (plan.share * rows > GATHERED_PER_READ * readInTextOrder) return null;
  return {
    kind: 'index',
    share: plan.share,
    probe: true,
    ...(plan.match === undefined ? {} : { match: plan.match }),
  };
}

/**
 * How many of `total` rows `rows` keep (a list's rows under filters no kept counter tells, a
 * submission window among them, selecting one column), counted through their filters' index up to
 * the share that makes them broad (`isBroadFilter`) and no further: never more than a tenth of the
 * list.
 */
export async function countUpToBroad<QDB, TB extends keyof QDB, O>(
  db: Kysely<Database>,
  rows: SelectQueryBuilder<QDB, TB, O>,
  total: number,
): Promise<number> {
  if (total <= 0) return 0;
  const row = await db
    .selectFrom(rows.limit(Math.ceil(BROAD_FILTER_SHARE * total)).as('kept'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * What a search's statements take from its plans beside the term (`searchMatches`: each side's kind
 * and its `joined` and `probe` marks), for a page statement's key (db/paginate.ts); null when a plan
 * holds ids, whose values are the statement's own.
 */
export function planShape(plans: SearchPlan | SearchPlans): string | null {
  const entries: Array<[string, SearchPlan]> = 'kind' in plans ? [['', plans]] : [...plans.entries()];
  const parts: string[] = [];
  for (const [table, plan] of entries) {
    if (plan.kind === 'ids') return null;
    const joined = plan.kind === 'scan' && plan.joined ? '+joined' : '';
    const probe = plan.kind === 'index' && plan.probe ? '+probe' : '';
    parts.push(`${table}:${plan.kind}${joined}${probe}`);
  }
  return parts.join(',');
}

/**
 * Whether a search's plans already hold all its matches (SQLite: every side planned by 'ids', at least
 * one of them with ids, none probed along the list's order): the listed rows are then best reached
 * through those ids (their own primary key, or the index of the column naming a party).
 */
export function isPlannedByIds(plans: SearchPlan | SearchPlans | undefined): boolean {
  if (!plans) return false;
  const all = 'kind' in plans ? [plans] : [...plans.values()];
  return all.length > 0 && all.every((plan) => plan.kind === 'ids' && !plan.probe) && !all.every(isEmptyPlan);
}

/**
 * A column a list filters on beside a search, as the filter's condition refers to it: when the
 * search's few ids are known (`isPlannedByIds`), `+column` on SQLite, which no index serves, so that
 * the rows are reached through those ids. SQLite has no statistics here and guesses that an indexed
 * value holds ten rows: it walked the 20,000 open disputes of the status index to find 2,000 ids of
 * 'silva' (10 ms; 2.5 ms by id at a million users). PostgreSQL's planner has statistics (and no
 * unary '+' on text): the column as is.
 */
export function filteredColumn(
  dialect: Dialect,
  column: string,
  plans: SearchPlan | SearchPlans | undefined,
) {
  return dialect === 'sqlite' && isPlannedByIds(plans) ? sql`+${sql.ref(column)}` : sql.ref(column);
}

/**
 * Whether every side of a search is served by an index (its ids, or its text index: none dense, none
 * probed along the list's order, whose filters' indexes then lead) and one of them may match: its
 * matches, gathered by their indexes, are then fewer than a broad filter's rows (a few percent of the
 * table at most).
 */
export function isIndexServed(plans: SearchPlans): boolean {
  const all = [...plans.values()];
  return (
    all.length > 0 && all.every((plan) => plan.kind !== 'scan' && !isProbed(plan)) && !all.every(isEmptyPlan)
  );
}

/**
 * `filteredColumn` for a filter that keeps a large share of the rows (a read flag), beside a search
 * served by indexes (`isIndexServed`), not only by ids: the filter's index walked for the matches
 * visits most of the table.
 */
export function broadFilterColumn(dialect: Dialect, column: string, plans: SearchPlans | undefined) {
  return dialect === 'sqlite' && plans && isIndexServed(plans) ? sql`+${sql.ref(column)}` : sql.ref(column);
}

/** The plan of a term checked on each visited row (LIKE on its own text). */
export const ROW_PLAN: SearchPlan = { kind: 'scan' };

/**
 * Every side of a search checked on the row (ROW_PLAN): the set a kept witness of a proof past the
 * cap is tested against, by its primary key (db/capped-witnesses.ts).
 */
export function rowPlans(sides: readonly SearchSide[]): SearchPlans {
  return new Map(sides.map((side) => [side.table, ROW_PLAN]));
}

/**
 * A list's `checked` set (db/paginate.ts), unless its search's plans already hold every match
 * (`isPlannedByIds`): those are counted by their ids at once, and a proof kept for them would only
 * cost its key.
 */
export function checkedUnlessByIds<T>(plans: SearchPlan | SearchPlans, checked: T): T | undefined {
  return isPlannedByIds(plans) ? undefined : checked;
}

/**
 * The plan of the listed rows' own text when they are read joined to its text index's matches
 * (`inTextIndexOrder`): the join has found the term in each of them (for three characters or more,
 * a trigram phrase is exactly a substring), so nothing is checked again (a LIKE per visited row was
 * a third of `conversations?search=ana&has_unread=true`'s count).
 */
export const TEXT_ORDER_PLAN: SearchPlan = { kind: 'scan', joined: true };

/**
 * Whether a list may read a search's matches in the text index's order (`inTextIndexOrder`): on
 * SQLite, for a term of three characters or more whose plan does not already hold all its matches.
 * `wordStarts`: a one-character term too, by its plan's word-start query (`SearchPlan.match`), for a
 * list that hands its plan to `inTextIndexOrder`.
 */
export function mayReadInTextOrder(
  dialect: Dialect,
  table: SearchableTable,
  term: string | undefined,
  plan: SearchPlan | undefined,
  options: { wordStarts?: boolean } = {},
): term is string {
  if (!term || dialect !== 'sqlite' || plan?.kind === 'ids') return false;
  if ([...searchedText(term, table)].length >= TRIGRAM) return true;
  return options.wordStarts === true && plan?.match !== undefined;
}

/**
 * SQLite, a term with many matches (`mayReadInTextOrder`): `matches` (the filtered rows of `table`,
 * aliased `alias`, selecting their id; their own text planned TEXT_ORDER_PLAN) joined to the text
 * index's matches, read in id order. A count up to the cap then reads only rows that contain the
 * term, and stops after the cap's worth that pass the other filters. Otherwise a dense term walks the
 * list's order index, reading every row on the way at a random place, and a common one gathers all
 * its matches first (at a million users, conversations `?search=ana&has_unread=true` 42 → 6 ms, users
 * `?search=silva&role=client` 22 → 4 ms). For broad filters (a status, a role, unread): a filter on one
 * person is served better by its own index. `idColumn`: the matches are related rows, named by that
 * column of the listed rows (SearchSide.idColumn: a notification's recipient), each reached through
 * its index.
 */
export function inTextIndexOrder<DB, TB extends keyof DB, O>(
  matches: SelectQueryBuilder<DB, TB, O>,
  search: { table: SearchableTable; term: string; alias?: string; idColumn?: string; plan?: SearchPlan },
) {
  const fts = `${search.table}_fts`;
  const alias = search.alias ?? textColumn(search.table).table;
  // The listed rows' column naming a `table` row (a notification's recipient), else their own id.
  const id = sql.ref(`${alias}.${search.idColumn ?? 'id'}`);
  // A one-character term: its plan's word-start query (`mayReadInTextOrder`'s `wordStarts`).
  const wordStarts = search.plan?.kind === 'ids' ? undefined : search.plan?.match;
  const phrase = wordStarts ?? ftsPhrase(searchedText(search.term, search.table));
  // The text index as a joined table, its matches read in its own order: `join <fts> ... order by rowid`.
  return matches
    .where(sql<SqlBool>`${sql.ref(`text_matches.${fts}`)} match ${phrase}`)
    .orderBy(sql`text_matches.rowid`)
    .innerJoin(sql.table(fts).as('text_matches'), (join) =>
      join.on(sql<SqlBool>`text_matches.rowid = ${id}`),
    );
}
