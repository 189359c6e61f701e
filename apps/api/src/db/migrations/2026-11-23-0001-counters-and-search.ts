import { type Kysely, sql } from 'kysely';
import { COUNTERS, createCountersTable, flavorOf, installCounterMachinery } from './support/counters.js';
import { createSearchIndexes, dropSearchIndexes } from './support/search-index.js';

/*
 * Frozen in time: no application imports (the support modules are frozen with it).
 *
 * Lists and figures at a million users cost what their page costs:
 * - `list_counters`, kept exact by triggers, answers every unfiltered or enum-filtered total;
 * - `search_text` on provider verifications, disputes, reports and notifications (built like the
 *   others: lower case, accents removed), and a text index on every `search_text` (FTS5 trigram on
 *   SQLite, pg_trgm GIN on PostgreSQL);
 * - partial indexes that serve each list's filter and order from the index alone (deep pages walk
 *   the index, not the table).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

/** The normalization of `normalizeSearchText`, frozen here. */
function normalize(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

const NEW_SEARCH_TEXTS: { table: string; columns: string[] }[] = [
  { table: 'provider_verifications', columns: ['business_name'] },
  { table: 'disputes', columns: ['title', 'service_title', 'description'] },
  { table: 'reports', columns: ['reason'] },
  { table: 'notifications', columns: ['title', 'message'] },
];

const BACKFILL_BATCH = 5_000;

async function backfillSearchText(db: AnyDb, table: string, columns: string[]): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: Record<string, unknown>[] = await db
      .selectFrom(table)
      .select(['id', ...columns])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const value = normalize(
        columns
          .map((column) => row[column])
          .filter((part): part is string => typeof part === 'string' && part !== '')
          .join(' '),
      );
      await db.updateTable(table).set({ search_text: value }).where('id', '=', row.id).execute();
    }
    after = Number(rows[rows.length - 1]?.id);
  }
}

interface ListIndex {
  name: string;
  table: string;
  columns: string[];
  where?: string;
}

const LIST_INDEXES: ListIndex[] = [
  {
    name: 'users_live_order_idx',
    table: 'users',
    columns: ['date_joined', 'id'],
    where: 'deleted_at is null',
  },
  {
    name: 'users_live_role_idx',
    table: 'users',
    columns: ['role', 'date_joined', 'id'],
    where: 'deleted_at is null',
  },
  {
    name: 'users_live_status_idx',
    table: 'users',
    columns: ['verification_status', 'date_joined', 'id'],
    where: 'deleted_at is null',
  },
  {
    name: 'users_live_role_status_idx',
    table: 'users',
    columns: ['role', 'verification_status', 'date_joined', 'id'],
    where: 'deleted_at is null',
  },
  {
    name: 'provider_profiles_verified_order_idx',
    table: 'provider_profiles',
    columns: ['is_verified', 'created_at', 'id'],
  },
  { name: 'projects_status_order_idx', table: 'projects', columns: ['status', 'created_at', 'id'] },
  { name: 'projects_category_order_idx', table: 'projects', columns: ['category_id', 'created_at', 'id'] },
  { name: 'projects_client_order_idx', table: 'projects', columns: ['client_id', 'created_at', 'id'] },
  {
    name: 'provider_verifications_status_order_idx',
    table: 'provider_verifications',
    columns: ['verification_status', 'submitted_at', 'id'],
  },
  {
    name: 'provider_verifications_business_order_idx',
    table: 'provider_verifications',
    columns: ['is_business', 'submitted_at', 'id'],
  },
  {
    name: 'provider_verifications_verified_at_idx',
    table: 'provider_verifications',
    columns: ['verified_at'],
  },
  {
    name: 'client_verifications_status_order_idx',
    table: 'client_verifications',
    columns: ['verification_status', 'submitted_at', 'id'],
  },
  { name: 'disputes_status_order_idx', table: 'disputes', columns: ['status', 'created_at', 'id'] },
  { name: 'reports_status_order_idx', table: 'reports', columns: ['status', 'created_at', 'id'] },
  { name: 'reports_type_order_idx', table: 'reports', columns: ['type', 'created_at', 'id'] },
  { name: 'conversations_status_order_idx', table: 'conversations', columns: ['status', 'updated_at', 'id'] },
  { name: 'notifications_read_order_idx', table: 'notifications', columns: ['is_read', 'created_at', 'id'] },
];

export async function up(db: AnyDb): Promise<void> {
  const flavor = flavorOf(db);
  for (const { table, columns } of NEW_SEARCH_TEXTS) {
    await db.schema
      .alterTable(table)
      .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
      .execute();
    await backfillSearchText(db, table, columns);
  }
  for (const index of LIST_INDEXES) {
    let builder = db.schema.createIndex(index.name).on(index.table).columns(index.columns);
    if (index.where) builder = builder.where(sql.raw<boolean>(index.where));
    await builder.execute();
  }
  await createCountersTable(db, flavor);
  await installCounterMachinery(db);
  await createSearchIndexes(db, flavor);
}

export async function down(db: AnyDb): Promise<void> {
  const flavor = flavorOf(db);
  await dropSearchIndexes(db, flavor);
  for (const { table } of COUNTERS) {
    if (flavor === 'postgres') {
      await sql.raw(`drop trigger if exists ${table}_counters on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${table}_counters()`).execute(db);
    } else {
      for (const suffix of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger if exists ${table}_counters_${suffix}`).execute(db);
      }
    }
  }
  if (flavor === 'postgres') {
    await sql.raw('drop trigger if exists users_counter_followers on users').execute(db);
    await sql.raw('drop function if exists users_counter_followers()').execute(db);
  } else {
    await sql.raw('drop trigger if exists users_counter_followers').execute(db);
  }
  await db.schema.dropTable('list_counters').ifExists().execute();
  for (const index of LIST_INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
  for (const { table } of NEW_SEARCH_TEXTS)
    await db.schema.alterTable(table).dropColumn('search_text').execute();
}
