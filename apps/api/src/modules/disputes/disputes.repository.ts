import {
  DISPUTE_STATUSES,
  type Dispute,
  type DisputeDetail,
  type DisputeEvidence,
  type DisputeEvidenceSummary,
  type DisputeListQuery,
  type DisputeStatus,
  type DisputeStatusCounts,
  SEARCH_COUNT_CAP,
} from '@kwanza/contract';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { type GroupedMatch, groupsUpToCap } from '../../db/capped-witnesses.js';
import { countByPart } from '../../db/counters.js';
import { fetchListPage, firstInOrder, pageReaders, searchPage } from '../../db/paginate.js';
import { type PrecompiledQuery, precompiled } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import {
  checkedUnlessByIds,
  filteredColumn,
  inTextIndexOrder,
  planSearches,
  rowPlans,
  type SearchPlans,
  type SearchSide,
  searchAnySide,
  searchCapped,
} from '../../db/search.js';
import { dialectOf } from '../../db/sql.js';
import { whileTablesUnchanged } from '../../db/unchanged-tables.js';
import { displayName } from '../../lib/display-name.js';
import { notFound } from '../../lib/http-errors.js';
import { pageWindow } from '../../lib/pagination.js';
import type { DocumentUrlSigner } from '../../storage/signed-url.js';

export const DISPUTE_NOT_FOUND = 'Litige introuvable.';

type Filters = Partial<Pick<DisputeListQuery, 'search' | 'status'>>;

/** What reads need besides the database: the URL signer of evidence files and the clock. */
export interface DisputeReadContext {
  signer: DocumentUrlSigner;
  now: Date;
}

/**
 * A dispute is found by its own text (title, service, description) or its parties' names, e-mails
 * and phones: both texts are on the dispute row (the parties' kept by triggers,
 * migrations/support/party-search), each in its own text index.
 */
const DISPUTE_SEARCH: readonly SearchSide[] = [{ table: 'disputes' }, { table: 'dispute_parties' }];
/** The disputes' own text (title, description) alone. */
const DISPUTE_OWN_TEXT: readonly SearchSide[] = [{ table: 'disputes' }];

/** The list filters as one condition on `disputes`. */
function matchesFilters(db: Kysely<Database>, filters: Filters, plans?: SearchPlans) {
  return (eb: ExpressionBuilder<Database, 'disputes'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.search) {
      conditions.push(searchAnySide(dialectOf(db), filters.search, DISPUTE_SEARCH, plans));
    }
    if (filters.status) {
      conditions.push(eb(filteredColumn(dialectOf(db), 'disputes.status', plans), '=', filters.status));
    }
    return eb.and(conditions);
  };
}

function selectDisputes(db: Kysely<Database>) {
  return db
    .selectFrom('disputes')
    .innerJoin('users as client', 'client.id', 'disputes.client_id')
    .innerJoin('users as provider', 'provider.id', 'disputes.provider_id')
    .select([
      'disputes.id',
      'disputes.title',
      'disputes.description',
      'disputes.status',
      'disputes.client_id',
      'client.first_name as client_first_name',
      'client.last_name as client_last_name',
      'client.username as client_username',
      'disputes.provider_id',
      'provider.first_name as provider_first_name',
      'provider.last_name as provider_last_name',
      'provider.username as provider_username',
      'disputes.project_id',
      'disputes.service_title',
      'disputes.created_at',
      'disputes.updated_at',
      'disputes.resolved_at',
      'disputes.resolution_note',
    ]);
}

type DisputeRow = Awaited<ReturnType<ReturnType<typeof selectDisputes>['executeTakeFirstOrThrow']>>;

/** The evidence of the disputes `ids`, oldest first, with their authors' names. */
function evidenceQuery(db: Kysely<Database>, ids: readonly number[]) {
  return db
    .selectFrom('dispute_evidence')
    .innerJoin('users', 'users.id', 'dispute_evidence.user_id')
    .select([
      'dispute_evidence.id',
      'dispute_evidence.dispute_id',
      'dispute_evidence.user_id',
      'users.first_name',
      'users.last_name',
      'users.username',
      'dispute_evidence.description',
      'dispute_evidence.file',
      'dispute_evidence.created_at',
    ])
    .where('dispute_evidence.dispute_id', 'in', [...ids])
    .orderBy('dispute_evidence.created_at')
    .orderBy('dispute_evidence.id');
}

type EvidenceRow = Awaited<ReturnType<ReturnType<typeof evidenceQuery>['execute']>>[number];

/**
 * The evidence statement of each number of disputes (a page's, at most MAX_PAGE_SIZE; a detail's, one),
 * built and compiled once (db/precompiled) and named on PostgreSQL, its plan depending only on that
 * number: Kysely built and compiled it on every page, 7.6 % of a disputes page's CPU in a profile.
 */
const evidenceStatements = new Map<number, PrecompiledQuery<readonly number[], EvidenceRow>>();

function evidenceStatement(count: number): PrecompiledQuery<readonly number[], EvidenceRow> {
  let statement = evidenceStatements.get(count);
  if (!statement) {
    statement = precompiled(count, (db, ...ids: readonly number[]) => evidenceQuery(db, ids));
    evidenceStatements.set(count, statement);
  }
  return statement;
}

/** Evidence of the given disputes, oldest first, with signed links to the files. */
async function evidenceOf(
  db: Kysely<Database>,
  disputeIds: readonly number[],
  context: DisputeReadContext,
): Promise<Map<number, DisputeEvidence[]>> {
  const byDispute = new Map<number, DisputeEvidence[]>();
  if (disputeIds.length === 0) return byDispute;
  const rows = await evidenceStatement(disputeIds.length).execute(db, ...disputeIds);
  const nowSeconds = Math.floor(context.now.getTime() / 1000);
  for (const row of rows) {
    const list = byDispute.get(row.dispute_id) ?? [];
    list.push({
      id: row.id,
      user_id: row.user_id,
      user_name: displayName(row),
      description: row.description,
      file: context.signer.sign(row.file, nowSeconds) ?? '',
      created_at: row.created_at,
    });
    byDispute.set(row.dispute_id, list);
  }
  return byDispute;
}

function toDispute<E extends DisputeEvidenceSummary>(
  row: DisputeRow,
  evidence: E[],
): Omit<Dispute, 'evidence'> & { evidence: E[] } {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    client_id: row.client_id,
    client_name: displayName({
      first_name: row.client_first_name,
      last_name: row.client_last_name,
      username: row.client_username,
    }),
    provider_id: row.provider_id,
    provider_name: displayName({
      first_name: row.provider_first_name,
      last_name: row.provider_last_name,
      username: row.provider_username,
    }),
    project_id: row.project_id,
    service_title: row.service_title,
    created_at: row.created_at,
    updated_at: row.updated_at,
    resolved_at: row.resolved_at,
    resolution_note: row.resolution_note,
    evidence,
  };
}

/** A match of a search's per-status counts; SQLite also reads its creation time (`at`). */
type StatusMatch = GroupedMatch & { at?: string };

/**
 * The ids among which a page of `matches` (one status's, all known) is read: on SQLite, where each
 * holds its creation time, those up to the page's last one in the list's order (newest first, id
 * breaking ties; db/paginate.ts `MatchOrder`), instead of every match's row read again to sort them.
 */
function firstOfStatus(matches: readonly StatusMatch[], page: { limit: number; offset: number }): number[] {
  if (!matches.every((match) => match.at !== undefined)) return matches.map((match) => match.id);
  const keyed = matches.map((match) => ({ id: match.id, group: match.at }));
  return firstInOrder(keyed, {
    column: 'disputes.created_at',
    direction: 'desc',
    pageEnd: page.offset + page.limit,
  });
}

/** Disputes per status among a search's matches, and those matches when they are all read. */
interface StatusCounts {
  counts: DisputeStatusCounts;
  capped: boolean;
  /** Every match's id and status, when the search matched no more than the cap (`withMatches`,
      PostgreSQL). */
  matches?: StatusMatch[];
}

/**
 * Disputes per status among those matching the search (without one, the kept counters are read with
 * the page, `listDisputes`): the first SEARCH_COUNT_CAP + 1 matches grouped by status (`capped` past the cap; on PostgreSQL
 * those of the witnesses of an earlier proof, when they still show it). `withMatches` (PostgreSQL): a
 * search under the cap also gives its matches (a status filter's page and count are then read among
 * them, instead of a second search with the status). SQLite counts in its statement and gives none.
 */
async function statusCounts(
  db: Kysely<Database>,
  search: string,
  plans: SearchPlans,
  withMatches = false,
): Promise<StatusCounts> {
  const counts = Object.fromEntries(DISPUTE_STATUSES.map((status) => [status, 0])) as DisputeStatusCounts;
  const filtered = () => db.selectFrom('disputes').where(matchesFilters(db, { search }, plans));
  if (dialectOf(db) === 'postgres') {
    // Past the cap, kept witnesses prove it again cheaply (db/capped-witnesses.ts).
    const grouped = await groupsUpToCap(db, filtered().select(['disputes.id', 'disputes.status']));
    for (const [status, n] of grouped.counts) counts[status as DisputeStatus] = n;
    return {
      counts,
      capped: grouped.capped,
      ...(withMatches && grouped.matches ? { matches: grouped.matches } : {}),
    };
  }
  /* SQLite counts in the statement, up to the cap: handing every match's id, status and date to the
     process cost more than reading them (`?search=silva`, 807 matches at a million users: 0.86 ms
     returned, 0.33 grouped). A term whose sample on the disputes' own text already holds more than
     the cap: the first matches of that text index are counted, every one a match (`retard`: 3.2 →
     0.5 ms). */
  const matches = searchCapped(DISPUTE_OWN_TEXT, plans)
    ? inTextIndexOrder(db.selectFrom('disputes').select('disputes.status'), {
        table: 'disputes',
        term: search,
      })
    : filtered().select('disputes.status');
  const grouped = db
    .selectFrom(matches.limit(SEARCH_COUNT_CAP + 1).as('matches'))
    .select(['matches.status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('matches.status');
  // The counts stand while the tables they are read from are unchanged (db/unchanged-tables).
  const rows = await whileTablesUnchanged(db, [grouped], () => grouped.execute());
  let total = 0;
  for (const row of rows) {
    counts[row.status as DisputeStatus] = Number(row.count);
    total += Number(row.count);
  }
  return { counts, capped: total > SEARCH_COUNT_CAP };
}

/**
 * A page of disputes, newest first (id breaks ties), the number matching the filters (kept counters
 * without a search, up to the cap with one) and the counts per status of the searched set. Without a
 * status filter (or without a search) the count is read from the per-status counts.
 */
export async function listDisputes(
  db: Kysely<Database>,
  query: DisputeListQuery,
  context: DisputeReadContext,
): Promise<{ count: number; count_capped: boolean; status_counts: DisputeStatusCounts; results: Dispute[] }> {
  const plans = await planSearches(db, DISPUTE_SEARCH, query.search);
  const filtered = () => db.selectFrom('disputes').where(matchesFilters(db, query, plans));
  const { rows, rowsOf, rowsBeside } = pageReaders(
    db,
    {
      ...pageWindow(query),
      ...searchPage('disputes', { term: query.search, plans }, query.status),
    },
    (ids) =>
      selectDisputes(db)
        .where('disputes.id', 'in', ids)
        .orderBy('disputes.created_at', 'desc')
        .orderBy('disputes.id', 'desc'),
    (among?: readonly number[]) =>
      (among ? db.selectFrom('disputes').where('disputes.id', 'in', among) : filtered())
        .select('disputes.id')
        .orderBy('disputes.created_at', 'desc')
        .orderBy('disputes.id', 'desc'),
  );
  let total: { count: number; capped: boolean; rows: Awaited<ReturnType<typeof rows>> };
  let byStatus: { counts: DisputeStatusCounts; capped: boolean };
  if (query.search && query.status) {
    const counts = await statusCounts(db, query.search, plans, true);
    const status = query.status;
    if (counts.matches) {
      // Every match of the search is known: the status's are the page's and the count's.
      const ofStatus = counts.matches.filter((match) => match.value === status);
      total = {
        count: ofStatus.length,
        capped: false,
        rows: ofStatus.length === 0 ? [] : await rowsOf(firstOfStatus(ofStatus, pageWindow(query))),
      };
    } else if (!counts.capped) {
      // Every match was counted (SQLite): the status's count is exact, its page read by the filters.
      total = { count: counts.counts[status], capped: false, rows: await rows() };
    } else {
      // The per-status counts of the search cannot tell one status's count past the cap: count it.
      const page = await fetchListPage(db, {
        searching: true,
        exactCount: async () => 0,
        matches: () => filtered().select('disputes.id'),
        // SQLite: a proof past the cap keeps witnesses, checked by key next time (`?search=retard&status=open`
        // at a million users: 13 ms walking the open disputes by LIKE for 1,001 matches, every time).
        checked: checkedUnlessByIds(plans, () =>
          db
            .selectFrom('disputes')
            .where(matchesFilters(db, query, rowPlans(DISPUTE_SEARCH)))
            .select('disputes.id'),
        ),
        rows,
        rowsOf,
      });
      total = { count: page.count, capped: page.capped, rows: page.rows };
    }
    byStatus = counts;
  } else {
    // The count is the per-status counts' sum (or one of them): one pass over the matches, not two.
    // Without a search, the kept counts are read with the page.
    const [pageRows, counts] = query.search
      ? await Promise.all([rows(), statusCounts(db, query.search, plans)])
      : await rowsBeside([{ list: 'disputes', withoutMonth: true }]).then(
          ({ rows: page, sets: [buckets] }) =>
            [page, { counts: countByPart(buckets ?? [], 0, DISPUTE_STATUSES), capped: false }] as const,
        );
    const sum = query.status
      ? counts.counts[query.status]
      : DISPUTE_STATUSES.reduce((acc, status) => acc + counts.counts[status], 0);
    total = {
      count: Math.min(sum, counts.capped ? SEARCH_COUNT_CAP : sum),
      capped: counts.capped,
      rows: pageRows,
    };
    byStatus = counts;
  }
  const evidence = await evidenceOf(
    db,
    total.rows.map((row) => row.id),
    context,
  );
  return {
    count: total.count,
    count_capped: total.capped,
    status_counts: byStatus.counts,
    // The list describes the evidence without issuing links to the files (only the detail does).
    results: total.rows.map((row) =>
      toDispute(
        row,
        (evidence.get(row.id) ?? []).map(({ file: _file, ...summary }) => summary),
      ),
    ),
  };
}

/** One dispute with its evidence, project, conversation between the parties and status history. */
export async function getDispute(
  db: Kysely<Database>,
  id: number,
  context: DisputeReadContext,
): Promise<DisputeDetail> {
  const row = await selectDisputes(db)
    .leftJoin('projects', 'projects.id', 'disputes.project_id')
    .select('projects.title as project_title')
    .where('disputes.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(DISPUTE_NOT_FOUND);
  const [evidence, conversation, history] = await Promise.all([
    evidenceOf(db, [id], context),
    db
      .selectFrom('conversations')
      .select('id')
      .where('client_id', '=', row.client_id)
      .where('provider_id', '=', row.provider_id)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('dispute_status_history')
      .leftJoin('users', 'users.id', 'dispute_status_history.changed_by')
      .select([
        'dispute_status_history.id',
        'dispute_status_history.from_status',
        'dispute_status_history.to_status',
        'dispute_status_history.resolution_note',
        'dispute_status_history.changed_by',
        'dispute_status_history.changed_at',
        'users.first_name',
        'users.last_name',
        'users.username',
      ])
      .where('dispute_status_history.dispute_id', '=', id)
      .orderBy('dispute_status_history.id')
      .execute(),
  ]);
  return {
    ...toDispute(row, evidence.get(id) ?? []),
    project:
      row.project_id !== null && row.project_title !== null
        ? { id: row.project_id, title: row.project_title }
        : null,
    conversation_id: conversation?.id ?? null,
    history: history.map((change) => ({
      id: change.id,
      from_status: change.from_status,
      to_status: change.to_status,
      resolution_note: change.resolution_note,
      changed_by:
        change.changed_by !== null && change.username !== null
          ? {
              id: change.changed_by,
              name: displayName({
                first_name: change.first_name,
                last_name: change.last_name,
                username: change.username,
              }),
            }
          : null,
      changed_at: change.changed_at,
    })),
  };
}
