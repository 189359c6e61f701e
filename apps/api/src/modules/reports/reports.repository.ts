import type { Report, ReportListQuery, UpdateReportStatusBody } from '@kwanza/contract';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { sumBuckets } from '../../db/counters.js';
import { fetchListPage, pageReaders, searchPage } from '../../db/paginate.js';
import type { Database } from '../../db/schema.js';
import {
  checkedUnlessByIds,
  filteredColumn,
  planSearches,
  proofPlans,
  rowPlans,
  type SearchPlans,
  type SearchSide,
  searchAnySide,
  searchCapped,
} from '../../db/search.js';
import { dialectOf, nowIso } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { trackChanges } from '../../lib/audit-objects.js';
import { displayName } from '../../lib/display-name.js';
import { notFound } from '../../lib/http-errors.js';
import { pageWindow } from '../../lib/pagination.js';
import { applyTransition } from '../../lib/transitions.js';

export const REPORT_NOT_FOUND = 'Signalement introuvable.';

type Filters = Partial<Pick<ReportListQuery, 'search' | 'status' | 'type'>>;

/** The list filters on `reports`: the search covers the reason, the reporter and the reported person. */
const REPORT_SEARCH: readonly SearchSide[] = [
  { table: 'reports' },
  { table: 'users', alias: 'reports', idColumn: 'reporter_id' },
  { table: 'users', alias: 'reports', idColumn: 'reported_user_id' },
];

function matchesFilters(db: Kysely<Database>, filters: Filters, plans?: SearchPlans) {
  return (eb: ExpressionBuilder<Database, 'reports'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.search) {
      conditions.push(searchAnySide(dialectOf(db), filters.search, REPORT_SEARCH, plans));
    }
    const dialect = dialectOf(db);
    if (filters.status)
      conditions.push(eb(filteredColumn(dialect, 'reports.status', plans), '=', filters.status));
    if (filters.type) conditions.push(eb(filteredColumn(dialect, 'reports.type', plans), '=', filters.type));
    return eb.and(conditions);
  };
}

function selectReports(db: Kysely<Database>) {
  return db
    .selectFrom('reports')
    .innerJoin('users as reporter', 'reporter.id', 'reports.reporter_id')
    .leftJoin('users as reported', 'reported.id', 'reports.reported_user_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'reports.reviewed_by')
    .select([
      'reports.id',
      'reports.type',
      'reports.reason',
      'reports.status',
      'reports.admin_notes',
      'reports.created_at',
      'reports.updated_at',
      'reports.reporter_id',
      'reporter.first_name as reporter_first_name',
      'reporter.last_name as reporter_last_name',
      'reporter.username as reporter_username',
      'reports.reported_user_id',
      'reported.first_name as reported_first_name',
      'reported.last_name as reported_last_name',
      'reported.username as reported_username',
      'reports.reviewed_by',
      'reports.reviewed_at',
      'reviewer.first_name as reviewer_first_name',
      'reviewer.last_name as reviewer_last_name',
      'reviewer.username as reviewer_username',
    ]);
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['executeTakeFirstOrThrow']>>;

function nameOf(first: string | null, last: string | null, username: string | null): string | null {
  return username === null ? null : displayName({ first_name: first, last_name: last, username });
}

function toReport(row: ReportRow): Report {
  const reportedName = nameOf(row.reported_first_name, row.reported_last_name, row.reported_username);
  const reviewerName = nameOf(row.reviewer_first_name, row.reviewer_last_name, row.reviewer_username);
  return {
    id: row.id,
    type: row.type,
    reason: row.reason,
    status: row.status,
    admin_notes: row.admin_notes,
    created_at: row.created_at,
    updated_at: row.updated_at,
    reporter_id: row.reporter_id,
    reporter_name: displayName({
      first_name: row.reporter_first_name,
      last_name: row.reporter_last_name,
      username: row.reporter_username,
    }),
    reported_user_id: row.reported_user_id,
    reported_user_name: row.type === 'provider' ? null : reportedName,
    reported_provider_name: row.type === 'provider' ? reportedName : null,
    reviewed_by:
      row.reviewed_by !== null && reviewerName !== null ? { id: row.reviewed_by, name: reviewerName } : null,
    reviewed_at: row.reviewed_at,
  };
}

/**
 * A page of reports, newest first (id breaks ties), and how many match: kept counters for status
 * and type, up to the cap with a search.
 */
export async function listReports(
  db: Kysely<Database>,
  query: ReportListQuery,
): Promise<{ count: number; count_capped: boolean; results: Report[] }> {
  const unfiltered = !query.status && !query.type;
  const plans = await planSearches(db, REPORT_SEARCH, query.search, {
    checkOthersOnRows: async (own) => unfiltered && searchCapped(REPORT_SEARCH, own),
  });
  const filtered = (planned: SearchPlans = plans) =>
    db.selectFrom('reports').where(matchesFilters(db, query, planned));
  const page = await fetchListPage(db, {
    searching: Boolean(query.search),
    capped: unfiltered && searchCapped(REPORT_SEARCH, plans),
    counted: {
      reads: [{ list: 'reports' }],
      count: ([buckets]) =>
        sumBuckets(
          buckets ?? [],
          ([status, type]) =>
            (!query.status || status === query.status) && (!query.type || type === query.type),
        ),
    },
    // A dense term among the users read through their text index by the proof (db/search.ts `proofPlans`).
    matches: () => filtered(proofPlans(dialectOf(db), REPORT_SEARCH, plans)).select('reports.id'),
    /* SQLite: a proof past the cap keeps witnesses, checked by key next time: a term dense among the
       users named by reports is checked on each report visited (`?search=ana` at a million users:
       14,000 reports and their two users read for 1,001 matches, 73 ms; 14 ms by `proofPlans`). */
    checked: checkedUnlessByIds(plans, () =>
      db
        .selectFrom('reports')
        .where(matchesFilters(db, query, rowPlans(REPORT_SEARCH)))
        .select('reports.id'),
    ),
    ...pageReaders(
      db,
      {
        ...pageWindow(query),
        ...searchPage('reports', { term: query.search, plans }, query.status, query.type),
      },
      (ids) =>
        selectReports(db)
          .where('reports.id', 'in', ids)
          .orderBy('reports.created_at', 'desc')
          .orderBy('reports.id', 'desc'),
      (among?: readonly number[]) =>
        (among ? db.selectFrom('reports').where('reports.id', 'in', among) : filtered())
          .select('reports.id')
          .orderBy('reports.created_at', 'desc')
          .orderBy('reports.id', 'desc'),
    ),
  });
  return { count: page.count, count_capped: page.capped, results: page.rows.map(toReport) };
}

export async function getReport(db: Kysely<Database>, id: number): Promise<Report> {
  const row = await selectReports(db).where('reports.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return toReport(row);
}

/** Notes as stored: empty or blank clears them, else trimmed (absent is left out of the update). */
function storedNotes(given: string | null): string | null {
  const trimmed = given?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * Sets a report's status (any to any) and notes, recording which admin did it and when: one
 * conditional UPDATE in a transaction (concurrent changes line up; the last one wins whole).
 */
export async function updateReportStatus(
  db: Kysely<Database>,
  id: number,
  body: UpdateReportStatusBody,
  adminId: number,
): Promise<Report> {
  await runInTransaction(db, async (trx) => {
    const now = nowIso();
    const audit = await trackChanges(trx, 'report', [id]);
    await applyTransition(
      trx,
      {
        table: 'reports',
        id,
        set: {
          status: body.status,
          ...(body.admin_notes !== undefined ? { admin_notes: storedNotes(body.admin_notes) } : {}),
          reviewed_by: adminId,
          reviewed_at: now,
          updated_at: now,
        },
      },
      { notFound: REPORT_NOT_FOUND, refused: REPORT_NOT_FOUND },
    );
    await audit.record();
  });
  return getReport(db, id);
}
