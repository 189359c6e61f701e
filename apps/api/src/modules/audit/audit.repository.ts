import {
  type AuditChange,
  AuditChange as AuditChangeSchema,
  type AuditEntry,
  type AuditFilters,
  type AuditListQuery,
  type AuditValue,
  AuditValue as AuditValueSchema,
  OBJECT_ID_NEEDS_TYPE,
  PERIOD_REVERSED,
  SEARCH_COUNT_CAP,
} from '@kwanza/contract';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { deepPageStart } from '../../db/deep-pages.js';
import { countUpToCap, pageReaders, searchPage } from '../../db/paginate.js';
import { type PrecompiledQuery, precompiled } from '../../db/precompiled.js';
import type { AuditEntriesTable, Database } from '../../db/schema.js';
import {
  checkedUnlessByIds,
  filteredColumn,
  INDEX_PLAN,
  planSearch,
  probePlan,
  ROW_PLAN,
  type SearchPlan,
  type SearchSide,
  searchCapped,
  searchMatches,
} from '../../db/search.js';
import { dialectOf } from '../../db/sql.js';
import { auditEntriesByPeriod } from '../../lib/audit-hours.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { offsetOf, pageWindow } from '../../lib/pagination.js';

/*
 * Reads of the audit journal: the list (and an object's history) and the export's chunks. Every
 * filter has an index ordered by time (migration 2026-11-24-0017): a page reads its ids from the
 * filter's index, newest first, then its rows. Counts stop at the search cap whatever the filters:
 * the journal keeps no counters (one counter row would be updated by every write of the platform).
 */

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Angola (Africa/Luanda) is UTC+1 all year: a day of the period filter starts at midnight there. */
const LUANDA_OFFSET_MS = HOUR_MS;

/** First instant of a calendar day (YYYY-MM-DD) in Luanda, as an ISO string. */
export function luandaDayStart(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1) - LUANDA_OFFSET_MS).toISOString();
}

/** The first instant after a calendar day in Luanda. */
export function luandaDayEnd(day: string): string {
  return new Date(Date.parse(luandaDayStart(day)) + DAY_MS).toISOString();
}

type Filters = Partial<AuditFilters>;

/** 400 for the combinations the schema cannot refuse alone. */
export function checkAuditFilters(filters: Filters): void {
  if (filters.object_id !== undefined && filters.object_type === undefined) {
    throw badRequest(OBJECT_ID_NEEDS_TYPE, { object_id: [OBJECT_ID_NEEDS_TYPE] });
  }
  if (filters.date_from && filters.date_to && filters.date_from > filters.date_to) {
    throw badRequest(PERIOD_REVERSED, { date_to: [PERIOD_REVERSED] });
  }
}

/**
 * The journal's rows matching the filters (each served by an index). Beside a search's few ids, the
 * broad filters (admin, action, object type, period) leave their indexes aside (db/search.ts
 * `filteredColumn`): SQLite walked the action's index to probe the ids of `maria silva` (2 ms at 800,000
 * entries). One object's entries are few: its index keeps serving them.
 */
export function filteredEntries(db: Kysely<Database>, filters: Filters, plan: SearchPlan = INDEX_PLAN) {
  const byIds = filters.search && filters.object_id === undefined ? plan : undefined;
  let rows = entriesWhere(db, boundsOf(filters), byIds);
  if (filters.search) {
    rows = rows.where(searchMatches(dialectOf(db), 'audit_entries', filters.search, { plan }));
  }
  return rows;
}

/** The filters but the search, with the period's days as instants: each a value the SQL binds. */
interface FilterValues {
  admin?: number;
  action?: string;
  object_type?: string;
  object_id?: number;
  from?: string;
  to?: string;
}

const FILTER_VALUES = ['admin', 'action', 'object_type', 'object_id', 'from', 'to'] as const;

function boundsOf(filters: Filters): FilterValues {
  return {
    ...(filters.admin !== undefined ? { admin: filters.admin } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.object_type ? { object_type: filters.object_type } : {}),
    ...(filters.object_id !== undefined ? { object_id: filters.object_id } : {}),
    ...(filters.date_from ? { from: luandaDayStart(filters.date_from) } : {}),
    ...(filters.date_to ? { to: luandaDayEnd(filters.date_to) } : {}),
  };
}

/** The journal's rows under `values`; `byIds`: a search's plan beside which broad filters leave their index. */
function entriesWhere(db: Kysely<Database>, values: FilterValues, byIds?: SearchPlan) {
  const column = (name: string) => filteredColumn(dialectOf(db), name, byIds);
  let rows = db.selectFrom('audit_entries');
  if (values.admin !== undefined) rows = rows.where(column('audit_entries.admin_id'), '=', values.admin);
  if (values.action !== undefined) rows = rows.where(column('audit_entries.action'), '=', values.action);
  if (values.object_type !== undefined)
    rows = rows.where(column('audit_entries.object_type'), '=', values.object_type);
  if (values.object_id !== undefined) rows = rows.where('audit_entries.object_id', '=', values.object_id);
  if (values.from !== undefined) rows = rows.where(column('audit_entries.created_at'), '>=', values.from);
  if (values.to !== undefined) rows = rows.where(column('audit_entries.created_at'), '<', values.to);
  return rows;
}

/**
 * The count without a search, up to the cap, by one statement per combination of filters, built and
 * compiled once (db/precompiled; planned with its values on PostgreSQL: a period's or an action's
 * share of the journal decides the plan). Kysely built and compiled it on every request: 0.07 ms of
 * a journal page's CPU in a profile.
 */
const unsearchedCounts = new Map<
  string,
  PrecompiledQuery<readonly (number | string)[], { count: number | string }>
>();

async function countUnsearched(
  db: Kysely<Database>,
  filters: Filters,
): Promise<{ count: number; capped: boolean }> {
  const values = boundsOf(filters);
  const present = FILTER_VALUES.filter((name) => values[name] !== undefined);
  const key = present.join(',');
  let statement = unsearchedCounts.get(key);
  if (!statement) {
    statement = precompiled(
      present.length,
      (db, ...markers: readonly (number | string)[]) =>
        db
          .selectFrom(
            entriesWhere(db, Object.fromEntries(present.map((name, index) => [name, markers[index]])))
              .select('audit_entries.id')
              .limit(SEARCH_COUNT_CAP + 1)
              .as('matches'),
          )
          .select((eb) => eb.fn.countAll<number | string>().as('count')),
      { named: false },
    );
    unsearchedCounts.set(key, statement);
  }
  const row = await statement.executeTakeFirst(db, ...present.map((name) => values[name] as number | string));
  const count = Number(row?.count ?? 0);
  return count > SEARCH_COUNT_CAP ? { count: SEARCH_COUNT_CAP, capped: true } : { count, capped: false };
}

const ENTRY_COLUMNS = [
  'id',
  'created_at',
  'admin_id',
  'admin_label',
  'request_id',
  'ip_address',
  'action',
  'object_type',
  'object_id',
  'object_label',
  'changes',
  'details',
] as const;

export type AuditRow = Pick<Selectable<AuditEntriesTable>, (typeof ENTRY_COLUMNS)[number]>;

const StoredChanges = z.array(AuditChangeSchema);
const StoredDetails = z.record(z.string(), AuditValueSchema);

function parseJson<T>(text: string | null, schema: z.ZodType<T>, fallback: T): T {
  if (text === null) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function parseChanges(text: string): AuditChange[] {
  return parseJson(text, StoredChanges, []);
}

export function parseDetails(text: string | null): Record<string, AuditValue> | null {
  return parseJson<Record<string, AuditValue> | null>(text, StoredDetails, null);
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    created_at: row.created_at,
    admin:
      row.admin_id === null && row.admin_label === null
        ? null
        : { id: row.admin_id, label: row.admin_label ?? `#${row.admin_id}` },
    request_id: row.request_id,
    ip_address: row.ip_address,
    action: row.action,
    object:
      row.object_type === null
        ? null
        : {
            type: row.object_type,
            id: row.object_id,
            label: row.object_label ?? (row.object_id === null ? '' : `#${row.object_id}`),
          },
    changes: parseChanges(row.changes),
    details: parseDetails(row.details),
  };
}

/** An entry is found by its own text (admin, action, object, changes). */
const AUDIT_SEARCH: readonly SearchSide[] = [{ table: 'audit_entries' }];

/**
 * One page of the journal, newest first, with its count up to the cap (`capped` past it). The page
 * reads its ids from the filter's index first, then its rows. A search is planned from a sample of
 * its matches (db/search.ts): without other filters, a sample past the cap needs no count, and a
 * rare term's page is read among the ids it holds.
 */
export async function listAuditEntries(
  db: Kysely<Database>,
  query: AuditListQuery,
): Promise<{ count: number; capped: boolean; results: AuditEntry[] }> {
  checkAuditFilters(query);
  const plan = await planSearch(db, 'audit_entries', query.search);
  const unfiltered =
    query.admin === undefined &&
    !query.action &&
    !query.object_type &&
    query.object_id === undefined &&
    !query.date_from &&
    !query.date_to;
  const capped =
    Boolean(query.search) && unfiltered && searchCapped(AUDIT_SEARCH, new Map([['audit_entries', plan]]));
  // The journal's rows are wide (changes, details): a term checked row by row along the time index
  // cost more than its matches read from the text index (`silva`, first page: 20 ms against 3), dense
  // or not. Only a rare term's ids replace the index.
  const matchPlan = plan.kind === 'ids' ? plan : INDEX_PLAN;
  // Without other filter, a common term's first pages walk the time index, probing each entry's id
  // among the matches (probePlan): no match's row is read but the page's.
  const pageEnd = offsetOf(query) + query.page_size;
  const pagePlan = unfiltered ? probePlan(plan, pageEnd) : plan;
  /* Without other filter, a term found in so large a share of the entries that the page's last one
     lies within a few hundred entries of the time index checks each entry walked: the probe gathered
     every match first (`?search=gmail`, 301,000 matches at a million users: 52 ms). Not within a
     period: the sample's share is the whole journal's, and a period without the term would be walked
     to its end, each wide row read. */
  const rowsPlan =
    unfiltered && isDenseForRows(plan, pageEnd)
      ? ROW_PLAN
      : pagePlan.kind === 'index' && pagePlan.probe
        ? pagePlan
        : matchPlan;
  // A deep page of the whole journal starts at its hour (lib/audit-hours.ts, db/deep-pages.ts).
  const window = pageWindow(query);
  const start =
    unfiltered && !query.search
      ? await deepPageStart(window.offset, auditEntriesByPeriod(db))
      : { offset: window.offset };
  /* A deep page of the whole journal read its months: past the cap, they are the count's proof
     (PostgreSQL at a million users, page 2,000: one statement and round trip fewer of six). */
  const provenCapped = capped || (start.listed ?? 0) > SEARCH_COUNT_CAP;
  const [total, rows] = await Promise.all([
    provenCapped
      ? { count: SEARCH_COUNT_CAP, capped: true }
      : !query.search
        ? countUnsearched(db, query)
        : countUpToCap(db, filteredEntries(db, query, matchPlan).select('audit_entries.id'), {
            searching: true,
            // Entries never change (only the purge deletes): a witness still there still matches.
            appendOnly: 'audit_entries',
            // SQLite: a proof past the cap keeps witnesses too, checked by key and LIKE next time
            // (`?search=gmail&object_type=user` at a million users: 50 ms to read 1,001 matches).
            checked: checkedUnlessByIds(plan, () =>
              filteredEntries(db, query, ROW_PLAN).select('audit_entries.id'),
            ),
          }),
    pageReaders(
      db,
      {
        limit: window.limit,
        offset: start.offset,
        ...searchPage(
          'audit_entries',
          { term: query.search, plans: rowsPlan },
          query.admin,
          query.action,
          query.object_type,
          query.object_id,
          query.date_from,
          query.date_to,
          start.before,
        ),
      },
      (ids) =>
        db
          .selectFrom('audit_entries')
          .select(ENTRY_COLUMNS)
          .where('audit_entries.id', 'in', ids)
          .orderBy('audit_entries.created_at', 'desc')
          .orderBy('audit_entries.id', 'desc'),
      (among?: readonly number[]) =>
        (among
          ? db.selectFrom('audit_entries').where('audit_entries.id', 'in', among)
          : filteredEntries(db, query, rowsPlan).$if(start.before !== undefined, (entries) =>
              entries.where('audit_entries.created_at', '<', start.before ?? ''),
            )
        )
          .select('audit_entries.id')
          .orderBy('audit_entries.created_at', 'desc')
          .orderBy('audit_entries.id', 'desc'),
    ).rows(),
  ]);
  return { count: total.count, capped: total.capped, results: rows.map(toAuditEntry) };
}

/**
 * Entries a page may walk along the time index, checking the term on each (their rows are wide), before
 * the text index's matches cost less: `silva` (1.6 % of the journal) meets a page of 20 in 1,300
 * entries, 20 ms checked against 3 by the index; `gmail` (38 %) in 53.
 */
const ROW_CHECK_VISITS = 500;

/** Whether a term planned `plan` is dense enough for a page ending at `pageEnd` to check its rows. */
function isDenseForRows(plan: SearchPlan, pageEnd: number): boolean {
  return plan.kind !== 'ids' && plan.share !== undefined && pageEnd / plan.share <= ROW_CHECK_VISITS;
}

export const AUDIT_ENTRY_NOT_FOUND = "Entrée du journal d'audit introuvable.";

export async function getAuditEntry(db: Kysely<Database>, id: number): Promise<AuditEntry> {
  const row = await db
    .selectFrom('audit_entries')
    .select(ENTRY_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(AUDIT_ENTRY_NOT_FOUND);
  return toAuditEntry(row);
}

/** Where an export chunk starts: after the last entry of the previous one (newest first). */
export interface AuditCursor {
  created_at: string;
  id: number;
}

/** Up to `size` entries older than `after` (keyset on the time order), newest first. */
export async function listAuditChunk(
  db: Kysely<Database>,
  filters: Filters,
  after: AuditCursor | null,
  size: number,
): Promise<AuditRow[]> {
  let rows = filteredEntries(db, filters).select(ENTRY_COLUMNS);
  if (after) {
    rows = rows.where((eb) =>
      eb.or([
        eb('audit_entries.created_at', '<', after.created_at),
        eb.and([
          eb('audit_entries.created_at', '=', after.created_at),
          eb('audit_entries.id', '<', after.id),
        ]),
      ]),
    );
  }
  return rows
    .orderBy('audit_entries.created_at', 'desc')
    .orderBy('audit_entries.id', 'desc')
    .limit(size)
    .execute();
}
