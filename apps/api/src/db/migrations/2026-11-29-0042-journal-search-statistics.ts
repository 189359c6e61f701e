import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * PostgreSQL: the audit journal's search text goes back to the server's statistics target (100)
 * from migration 0040's 1,000. Its texts are long (133 characters on average at a million users,
 * where a user's is a name and an e-mail), and the planner tests a term against each value of the
 * histogram: planning a journal search took 0.5–0.65 ms a statement warm with 1,001 values, 0.06–0.1
 * with 101, and a search request plans two (its count's proof and its page). The plans did not
 * change: `silva` (3,730 entries of 790,876) walks the time index either way, `maria silva` and a
 * term no entry holds read the trigram index, `provider_verification` walks. A search for `silva`
 * answered 66–73 requests/s at one connection with 1,000 and 87–101 with 100 (two alternated pairs,
 * its SQL 10–18 ms → 9.2–9.4). The other searched texts keep 1,000 (a user's `silva` needs it).
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table audit_entries alter column search_text set statistics -1`.execute(db);
  await sql`analyze audit_entries (search_text)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table audit_entries alter column search_text set statistics 1000`.execute(db);
  await sql`analyze audit_entries (search_text)`.execute(db);
}
