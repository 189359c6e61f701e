import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * PostgreSQL: the searched texts keep a statistics target of 1,000 (a histogram of 1,001 of their
 * values) instead of the server's default 100, so that the planner's estimate of how many rows hold a
 * term (`search_text like '%silva%'`, from the share of the histogram's values that match) sees the
 * terms a list's page is searched by. With 101 values, a term held by half a percent of the users
 * ('silva', 4,872 of a million) matched none of them: estimated at 100 rows, its page read all 4,872
 * matches by the trigram index and sorted them (7.7 to 16.8 ms), where walking the list's order
 * index finds the page's 10 within 1,700 rows (0.4 to 1.2 ms): with 1,001 values, estimated at 7,007
 * rows, it does. A rare term ('maria silva', 8 rows) keeps the trigram index. Planning tests the
 * term on the larger histogram (the users page's statement planned in 0.28 ms with it), and ANALYZE
 * samples 300,000 rows of those tables instead of 30,000 (users at a million: 1.1 s; the eleven columns together about 10 s, run here so
 * that the plans change at once). SQLite plans a search from its text index's own samples
 * (db/search.ts `planSearch`): nothing to do there.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** Each text a pg_trgm index searches, by table. */
export const SEARCHED_TEXTS: Readonly<Record<string, readonly string[]>> = {
  users: ['search_text'],
  provider_profiles: ['search_text'],
  projects: ['search_text'],
  provider_verifications: ['search_text'],
  client_verifications: ['search_text'],
  disputes: ['search_text', 'party_text'],
  reports: ['search_text'],
  conversations: ['search_text'],
  notifications: ['search_text'],
  audit_entries: ['search_text'],
};

export const SEARCH_TEXT_STATISTICS = 1000;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, columns] of Object.entries(SEARCHED_TEXTS)) {
    for (const column of columns) {
      await sql
        .raw(`alter table ${table} alter column ${column} set statistics ${SEARCH_TEXT_STATISTICS}`)
        .execute(db);
    }
    await sql.raw(`analyze ${table} (${columns.join(', ')})`).execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, columns] of Object.entries(SEARCHED_TEXTS)) {
    for (const column of columns) {
      await sql.raw(`alter table ${table} alter column ${column} set statistics -1`).execute(db);
    }
    await sql.raw(`analyze ${table} (${columns.join(', ')})`).execute(db);
  }
}
