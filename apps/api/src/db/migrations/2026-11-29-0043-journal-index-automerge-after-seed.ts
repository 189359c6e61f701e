import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * SQLite: migration 0038's `automerge = 0` on the audit journal's text index, set again. A large seed
 * (seed/parallel-text-indexes) dropped and created the database's text indexes again to put the
 * indexes built on its worker in their place, and with them their settings: a database seeded at a
 * million users before the seed carried them over had the journal's index merging inside its writes
 * again (one insert in 64 took 60–120 ms; reading a conversation, which writes an entry, had a p95 of
 * 58 ms at one connection). Setting it again is harmless where it was kept. PostgreSQL has nothing
 * of the kind.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql
    .raw(`insert into audit_entries_fts (audit_entries_fts, rank) values ('automerge', 0)`)
    .execute(db);
}

/** Nothing to undo: migration 0038 owns the setting (its `down` gives the merges back). */
export async function down(): Promise<void> {}
