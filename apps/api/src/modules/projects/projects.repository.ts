import type {
  Offer,
  Project,
  ProjectCategoryOption,
  ProjectListQuery,
  ProjectStats,
  UpdateProjectBody,
} from '@kwanza/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { toCount } from '../../db/aggregates.js';
import {
  bucketPattern,
  countByPart,
  readCounters,
  readCountersOf,
  rowsByDay,
  rowsByMonth,
  sumBuckets,
} from '../../db/counters.js';
import { deepPageStart, type PeriodSources } from '../../db/deep-pages.js';
import { fetchListPage, pageReaders, searchPage } from '../../db/paginate.js';
import type { Database } from '../../db/schema.js';
import {
  checkedUnlessByIds,
  filteredColumn,
  INDEX_PLAN,
  inTextIndexOrder,
  isBroadFilter,
  mayReadInTextOrder,
  pagePlan,
  planSearch,
  ROW_PLAN,
  type SearchPlan,
  type SearchSide,
  searchCapped,
  searchMatches,
  TEXT_ORDER_PLAN,
} from '../../db/search.js';
import { dialectOf, lockRowsOnPostgres, nowIso, parseJsonArray } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { trackChanges } from '../../lib/audit-objects.js';
import { displayName } from '../../lib/display-name.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { lastTwelveMonths } from '../../lib/months.js';
import { pageWindow } from '../../lib/pagination.js';
import { buildBudgetDisplay } from './budget-display.js';

export const PROJECT_NOT_FOUND = 'Projet introuvable.';
export const PROJECT_HAS_DISPUTES = 'Ce projet ne peut pas être supprimé : des litiges y sont rattachés.';

function selectProjects(db: Kysely<Database>) {
  return db
    .selectFrom('projects')
    .innerJoin('users as client', 'client.id', 'projects.client_id')
    .leftJoin('categories', 'categories.id', 'projects.category_id')
    .select((eb) => [
      'projects.id',
      'projects.title',
      'projects.description',
      'projects.status',
      'projects.client_id',
      'client.first_name as client_first_name',
      'client.last_name as client_last_name',
      'client.username as client_username',
      'projects.category_id',
      'categories.name as category_name',
      'projects.budget_range',
      'projects.min_budget',
      'projects.max_budget',
      'projects.location',
      'projects.deadline',
      'projects.created_at',
      'projects.required_skills',
      'projects.views_count',
      'projects.favorites_count',
      'projects.admin_notes',
      eb
        .selectFrom('offers')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('offers.project_id', '=', 'projects.id')
        .as('offers_total'),
    ]);
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof selectProjects>['executeTakeFirstOrThrow']>>;

function toNumberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

function toProject(row: ProjectRow): Project {
  const budget = {
    budget_range: row.budget_range,
    min_budget: toNumberOrNull(row.min_budget),
    max_budget: toNumberOrNull(row.max_budget),
  };
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
    category_id: row.category_id,
    category_name: row.category_name,
    budget_display: buildBudgetDisplay(budget),
    ...budget,
    location: row.location,
    deadline: row.deadline,
    created_at: row.created_at,
    required_skills: parseJsonArray(row.required_skills),
    views_count: Number(row.views_count),
    favorites_count: Number(row.favorites_count),
    offers_count: Number(row.offers_total ?? 0),
    admin_notes: row.admin_notes,
  };
}

/** A project is found by its own text (title, description, location). */
const PROJECT_SEARCH: readonly SearchSide[] = [{ table: 'projects' }];

type Filters = Pick<ProjectListQuery, 'search' | 'status' | 'category' | 'client'>;

/**
 * The list filters as one condition on `projects` columns (used by the page and its count), the
 * search as `plan` says (db/search.ts).
 */
function matchesFilters(db: Kysely<Database>, filters: Filters, plan: SearchPlan = INDEX_PLAN) {
  return (eb: ExpressionBuilder<Database, 'projects'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.search) conditions.push(searchMatches(dialectOf(db), 'projects', filters.search, { plan }));
    const status = filteredColumn(dialectOf(db), 'projects.status', filters.search ? plan : undefined);
    if (filters.status === 'completed') conditions.push(eb(status, 'in', ['completed', 'closed']));
    else if (filters.status) conditions.push(eb(status, '=', filters.status));
    if (filters.category !== undefined) {
      const category = filteredColumn(
        dialectOf(db),
        'projects.category_id',
        filters.search ? plan : undefined,
      );
      conditions.push(eb(category, '=', filters.category));
    }
    if (filters.client !== undefined) conditions.push(eb('projects.client_id', '=', filters.client));
    return eb.and(conditions);
  };
}

/** Whether a `projects_state` counter bucket (status|category) holds projects of the filters (client aside). */
function stateMatches(filters: Filters): (parts: string[]) => boolean {
  const statuses =
    filters.status === 'completed' ? ['completed', 'closed'] : filters.status ? [filters.status] : null;
  const category = filters.category === undefined ? null : String(filters.category);
  return ([status = '', bucketCategory]) =>
    (statuses === null || statuses.includes(status)) && (category === null || bucketCategory === category);
}

/**
 * The filtered projects month by month (month created) and day by day, newest first, from the kept
 * counters: `projects_month` (status, month) and `projects_day` (day, status) without a category,
 * else `projects` (status, category, month) by month only. One client's projects have no counters.
 */
function projectsByPeriod(db: Kysely<Database>, filters: Filters): PeriodSources {
  const statuses =
    filters.status === 'completed' ? ['completed', 'closed'] : filters.status ? [filters.status] : [];
  if (filters.category === undefined) {
    return {
      months: () =>
        rowsByMonth(
          db,
          'projects_month',
          statuses.map((status) => bucketPattern([status, null])),
        ),
      days: (month) =>
        rowsByDay(
          db,
          'projects_day',
          month,
          statuses.map((status) => bucketPattern([null, status])),
        ),
    };
  }
  const category = String(filters.category);
  return {
    months: () =>
      rowsByMonth(
        db,
        'projects',
        (statuses.length > 0 ? statuses : [null]).map((status) => bucketPattern([status, category, null])),
      ),
  };
}

/**
 * The ids of the *completed* projects (their status 'completed' or 'closed') under the other filters,
 * newest first, with their creation time (`among`: only those ids). One ordered walk of each status's
 * index (by status, or by category and status), merged: the page's limit and offset apply to the
 * merge, which stops there (on both databases: below). With the two statuses in one condition, SQLite walked the status's (or the
 * category's) index and read every row to check the other, or sorted every entry of both: page 300 of
 * a category's completed projects 51 ms of SQL at a million users.
 */
export function completedInOrder(
  db: Kysely<Database>,
  filters: Filters,
  before: string | undefined,
  among?: readonly number[],
) {
  const ofStatus = (status: 'completed' | 'closed') =>
    db
      .selectFrom('projects')
      .where(matchesFilters(db, { ...filters, status: undefined, search: undefined }))
      .where('projects.status', '=', status)
      .$if(among !== undefined, (rows) => rows.where('projects.id', 'in', among ?? []))
      .$if(before !== undefined, (rows) => rows.where('projects.created_at', '<', before ?? ''))
      .select(['projects.id', 'projects.created_at']);
  /* SQLite flattens the compound in FROM and merges its two ordered walks (`MERGE (UNION ALL)`).
     PostgreSQL plans a UNION ALL whose arms have conditions as subqueries without an order, appended
     under one sort of every entry of both statuses (the first page 47 ms at a million users): each arm
     ordered, they are merged (`Merge Append` of two backward index scans that stop at the page:
     0.18 ms; a category's page 300, 8.2 → 0.8 ms). SQLite allows no order (nor parentheses) in a
     compound's arm. */
  const ordered = (status: 'completed' | 'closed') =>
    ofStatus(status).orderBy('projects.created_at', 'desc').orderBy('projects.id', 'desc');
  const arms =
    dialectOf(db) === 'postgres'
      ? sql<CompletedRow>`(${ordered('completed')} union all ${ordered('closed')})`
      : sql<CompletedRow>`${ofStatus('completed').unionAll(ofStatus('closed'))}`;
  return db
    .selectFrom(arms.as('completed'))
    .select(['completed.id', 'completed.created_at'])
    .orderBy('completed.created_at', 'desc')
    .orderBy('completed.id', 'desc');
}

interface CompletedRow {
  id: number;
  created_at: string;
}

/**
 * A page of projects, newest first, and the number of projects matching the same filters: from the
 * kept counters for status and category filters, an indexed count for one client's projects, and a
 * count up to the cap with a search.
 */
export async function listProjects(
  db: Kysely<Database>,
  query: ProjectListQuery,
): Promise<{ count: number; count_capped: boolean; results: Project[] }> {
  const plan = await planSearch(db, 'projects', query.search);
  const filtered = () => db.selectFrom('projects').where(matchesFilters(db, query, plan));
  const search = query.search;
  // A common term among broad filters (not one client's projects) is counted in the text index's order.
  let textOrder = mayReadInTextOrder(dialectOf(db), 'projects', search, plan) && query.client === undefined;
  if (textOrder && (query.status || query.category !== undefined)) {
    const buckets = await readCounters(db, 'projects_state');
    textOrder = isBroadFilter(sumBuckets(buckets, stateMatches(query)), sumBuckets(buckets));
  }
  const unfiltered = !query.status && query.category === undefined && query.client === undefined;
  const capped = unfiltered && searchCapped(PROJECT_SEARCH, new Map([['projects', plan]]));
  const window = pageWindow(query);
  // Its count told, the page alone reads the matches: along the list's order when that is cheaper.
  const rowsPlan = capped ? pagePlan(plan, window.offset + window.limit) : plan;
  // A deep page without a search starts at its day (db/deep-pages.ts).
  const start =
    search || query.client !== undefined
      ? { offset: window.offset }
      : await deepPageStart(window.offset, projectsByPeriod(db, query));
  const keyedWindow = {
    limit: window.limit,
    offset: start.offset,
    ...searchPage(
      'projects',
      { term: search, plans: rowsPlan },
      query.status,
      query.category,
      query.client,
      start.before,
    ),
  };
  const readers =
    query.status === 'completed' && !search
      ? pageReaders(
          db,
          keyedWindow,
          (ids) =>
            selectProjects(db)
              .where('projects.id', 'in', db.selectFrom(ids.as('page')).select('page.id'))
              .orderBy('projects.created_at', 'desc')
              .orderBy('projects.id', 'desc'),
          (among?: readonly number[]) => completedInOrder(db, query, start.before, among),
        )
      : pageReaders(
          db,
          keyedWindow,
          (ids) =>
            selectProjects(db)
              .where('projects.id', 'in', ids)
              .orderBy('projects.created_at', 'desc')
              .orderBy('projects.id', 'desc'),
          (among?: readonly number[]) =>
            (among
              ? db.selectFrom('projects').where('projects.id', 'in', among)
              : db
                  .selectFrom('projects')
                  .where(matchesFilters(db, query, rowsPlan))
                  .$if(start.before !== undefined, (rows) =>
                    rows.where('projects.created_at', '<', start.before ?? ''),
                  )
            )
              .select('projects.id')
              .orderBy('projects.created_at', 'desc')
              .orderBy('projects.id', 'desc'),
        );
  const page = await fetchListPage(db, {
    searching: Boolean(search),
    capped,
    // One client's projects are counted by their index; other filters, from the kept counters.
    ...(query.client === undefined
      ? {
          counted: {
            reads: [{ list: 'projects_state' }],
            count: ([buckets]) => sumBuckets(buckets ?? [], stateMatches(query)),
          },
        }
      : {
          exactCount: async () => {
            const row = await filtered()
              .select((eb) => eb.fn.countAll<number | string>().as('count'))
              .executeTakeFirstOrThrow();
            return toCount(row.count);
          },
        }),
    matches: () =>
      search && textOrder
        ? inTextIndexOrder(
            db
              .selectFrom('projects')
              .where(matchesFilters(db, query, TEXT_ORDER_PLAN))
              .select('projects.id'),
            { table: 'projects', term: search },
          )
        : filtered().select('projects.id'),
    checked: checkedUnlessByIds(plan, () =>
      db
        .selectFrom('projects')
        .where(matchesFilters(db, query, ROW_PLAN))
        .select('projects.id'),
    ),
    ...readers,
  });
  return { count: page.count, count_capped: page.capped, results: page.rows.map(toProject) };
}

export async function getProject(db: Kysely<Database>, id: number): Promise<Project> {
  const row = await selectProjects(db).where('projects.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return toProject(row);
}

/** Sets status and/or admin notes (any status to any status) and returns the updated project. */
export async function updateProject(
  db: Kysely<Database>,
  id: number,
  changes: UpdateProjectBody,
): Promise<Project> {
  await runInTransaction(db, async (trx) => {
    const audit = await trackChanges(trx, 'project', [id]);
    const result = await trx
      .updateTable('projects')
      .set({
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.admin_notes !== undefined ? { admin_notes: changes.admin_notes } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound(PROJECT_NOT_FOUND);
    await audit.record();
  });
  return getProject(db, id);
}

/** Offers of a project, newest first (404 when the project does not exist). */
export async function listProjectOffers(db: Kysely<Database>, projectId: number): Promise<Offer[]> {
  const project = await db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  const rows = await db
    .selectFrom('offers')
    .innerJoin('users as provider', 'provider.id', 'offers.provider_id')
    .leftJoin('provider_profiles', 'provider_profiles.user_id', 'offers.provider_id')
    .select([
      'offers.id',
      'offers.provider_id',
      'provider.first_name',
      'provider.last_name',
      'provider.username',
      'offers.status',
      'offers.proposed_price',
      'offers.delivery_time',
      'offers.estimated_duration',
      'provider_profiles.average_rating',
      'offers.created_at',
      'offers.message',
    ])
    .where('offers.project_id', '=', projectId)
    .orderBy('offers.created_at', 'desc')
    .orderBy('offers.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    provider_id: row.provider_id,
    provider_name: displayName(row),
    status: row.status,
    proposed_price: Number(row.proposed_price),
    delivery_time: row.delivery_time,
    estimated_duration: row.estimated_duration,
    provider_rating: toNumberOrNull(row.average_rating),
    created_at: row.created_at,
    message: row.message,
  }));
}

/**
 * Deletes a project and its offers in one transaction. Refused (409) while disputes reference the
 * project; conversations about it stay, their project_id set to null by the foreign key.
 */
export async function deleteProject(db: Kysely<Database>, id: number): Promise<void> {
  await runInTransaction(db, async (trx) => {
    // Locked: of two concurrent deletions the second finds nothing and answers 404.
    const project = await lockRowsOnPostgres(
      trx.selectFrom('projects').select('id').where('id', '=', id),
      dialectOf<Database>(trx),
    ).executeTakeFirst();
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    const disputes = await trx
      .selectFrom('disputes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('project_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(disputes.count) > 0) throw conflict(PROJECT_HAS_DISPUTES, 'project_has_disputes');
    const audit = await trackChanges(trx, 'project', [id]);
    const offers = await trx.deleteFrom('offers').where('project_id', '=', id).executeTakeFirst();
    await trx.deleteFrom('projects').where('id', '=', id).execute();
    await audit.record({ details: { offers_deleted: Number(offers.numDeletedRows) } });
  });
}

const STATUSES = ['open', 'in_progress', 'completed', 'closed', 'cancelled', 'paused'] as const;

/** Project statistics; `now` decides which 12 months `monthly_stats` covers (UTC). */
export async function getProjectStats(db: Kysely<Database>, now: Date = new Date()): Promise<ProjectStats> {
  const months = lastTwelveMonths(now);
  // status|category and status|month: a few dozen rows each, not the 1,933 of status × category × month.
  const { projects_state: states, projects_month: monthly } = await readCountersOf(db, [
    'projects_state',
    'projects_month',
  ]);
  const byStatus = countByPart(states, 0, STATUSES);
  const byMonth = countByPart(monthly, 1, months);
  const byCategory = new Map<number, number>();
  for (const bucket of states) {
    const category = Number(bucket.parts[1]);
    if (Number.isInteger(category)) byCategory.set(category, (byCategory.get(category) ?? 0) + bucket.n);
  }
  const categories =
    byCategory.size === 0
      ? []
      : await db
          .selectFrom('categories')
          .select(['id', 'name'])
          .where('id', 'in', [...byCategory.keys()])
          .execute();
  const topCategories = categories
    .map((category) => ({ category__name: category.name, count: byCategory.get(category.id) ?? 0 }))
    .filter((category) => category.count > 0)
    .sort((a, b) => b.count - a.count || a.category__name.localeCompare(b.category__name))
    .slice(0, 5);
  return {
    total_projects: Object.values(byStatus).reduce((sum, count) => sum + count, 0),
    by_status: byStatus,
    monthly_stats: months.map((month) => ({ month, count: byMonth[month] ?? 0 })),
    top_categories: topCategories,
  };
}

/** Options of the project list's category filter (every category, by name). */
export async function listCategoryOptions(db: Kysely<Database>): Promise<ProjectCategoryOption[]> {
  return db.selectFrom('categories').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}
