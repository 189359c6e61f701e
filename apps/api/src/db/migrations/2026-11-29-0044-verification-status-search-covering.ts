import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * SQLite: both verification lists' status order indexes carry the rows' search text, last. A search
 * of a common term under a status walks that index newest first and checks the term on each entry by
 * LIKE (db/search.ts, a dense term's 'scan' plan); the entry alone did not hold the text, so each one
 * read its row, at a random place of the table (submission order does not follow the ids). Provider
 * verifications `?search=santos&status=verified` at a million users, 1,700 entries walked for a page
 * of 20: the page's statement 0.93 → 0.48 ms in the API, the request 3.3 → 2.5 ms. The index keeps its
 * name, columns and condition otherwise (migration 0030), and grows by the texts (some 80 bytes a
 * row: 22 MB for 277,000 provider verifications). PostgreSQL serves a search's LIKE by its trigram
 * index: its indexes stay.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

const TABLES = ['provider_verifications', 'client_verifications'] as const;
const COLUMNS = 'verification_status, submitted_at, id, user_deleted_at';

async function rebuild(db: AnyDb, withText: boolean): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const table of TABLES) {
    const name = `${table}_live_status_order_idx`;
    await sql.raw(`drop index ${name}`).execute(db);
    const columns = withText ? `${COLUMNS}, search_text` : COLUMNS;
    await sql.raw(`create index ${name} on ${table} (${columns}) where user_deleted_at is null`).execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  await rebuild(db, true);
}

export async function down(db: AnyDb): Promise<void> {
  await rebuild(db, false);
}
