import { sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * Order indexes for the lists' pairs of filters that had none: each list's page under two filters
 * walked the index of one of them, newest first, and read every row on the way to check the other,
 * a row at a random place each. At a million users, page 300 of the notifications read and of type
 * 'system' took 69 to 91 ms of SQL (the read-state index walked); the client verifications of a
 * document type 24 ms (no index at all: the submission index, every row read), pending and of a
 * document type 33 ms; the projects of a status and a category 33 ms; the provider verifications of a
 * status and an account type, page 1,000, 3 ms within the deep page's day. With both filters leading
 * an index in the list's order, the page's ids are read from the index alone, as for one filter.
 * The verifications' indexes keep the live users' rows only, with the column of that condition (as
 * migration 0030's: a column the query names must be in the index for it to cover the query). The
 * projects' category comes first: 'completed' also lists 'closed' projects, two statuses, each one
 * range of the category's entries, which the list walks each in order and merges
 * (projects.repository `completedInOrder`: with both statuses in one condition, SQLite walked the
 * category's index and read the rows, 51 ms for page 300 of a category's completed projects).
 * Writes pay one index more: a broadcast to the 930,091 active users of the bench's database took
 * 8.2 and 9.2 s without the notifications' one, 10.3 and 9.9 s with it, alternated. A type index
 * widened with the read state instead (no new index) walks a type's entries to find the read ones:
 * after a broadcast, a page of read 'system' notifications walks past its 930,000 unread copies.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

interface OrderIndex {
  name: string;
  table: string;
  columns: readonly string[];
  /** Live users' rows only (`user_deleted_at is null`). */
  live?: true;
}

export const TWO_FILTER_ORDER_INDEXES: readonly OrderIndex[] = [
  {
    name: 'notifications_read_type_order_idx',
    table: 'notifications',
    columns: ['is_read', 'notification_type', 'created_at', 'id'],
  },
  {
    name: 'client_verifications_live_document_order_idx',
    table: 'client_verifications',
    columns: ['document_type', 'submitted_at', 'id', 'user_deleted_at'],
    live: true,
  },
  {
    name: 'client_verifications_live_status_document_order_idx',
    table: 'client_verifications',
    columns: ['verification_status', 'document_type', 'submitted_at', 'id', 'user_deleted_at'],
    live: true,
  },
  {
    name: 'provider_verifications_live_status_business_order_idx',
    table: 'provider_verifications',
    columns: ['verification_status', 'is_business', 'submitted_at', 'id', 'user_deleted_at'],
    live: true,
  },
  {
    name: 'projects_category_status_order_idx',
    table: 'projects',
    columns: ['category_id', 'status', 'created_at', 'id'],
  },
];

export async function up(db: AnyDb): Promise<void> {
  for (const { name, table, columns, live } of TWO_FILTER_ORDER_INDEXES) {
    const condition = live ? ' where user_deleted_at is null' : '';
    await sql.raw(`create index ${name} on ${table} (${columns.join(', ')})${condition}`).execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const { name } of TWO_FILTER_ORDER_INDEXES) await sql.raw(`drop index ${name}`).execute(db);
}
