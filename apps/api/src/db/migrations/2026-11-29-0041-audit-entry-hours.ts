import { sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * The audit journal's entries per UTC hour and per UTC day, for the hours that are over
 * (lib/audit-hours.ts): a deep page of the journal starts at its hour instead of walking the time
 * index past every newer entry (page 2,000 walked 50,000 index entries, 5 to 10 ms on PostgreSQL at a
 * million users; the seed's busiest day holds 55,000 entries, its busiest hour 6,000). The journal
 * keeps no counter updated by its writes (one row would be written by every write of the platform):
 * an hour is counted once, after it is over, and the retention purge takes off what it deletes.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

export async function up(db: AnyDb): Promise<void> {
  await sql`create table audit_entry_hours (hour varchar(13) primary key, entries integer not null)`.execute(
    db,
  );
  await sql`create table audit_entry_days (day varchar(10) primary key, entries integer not null)`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table audit_entry_days`.execute(db);
  await sql`drop table audit_entry_hours`.execute(db);
}
