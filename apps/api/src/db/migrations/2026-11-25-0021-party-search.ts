import type { Kysely } from 'kysely';
import { flavorOf } from './support/counters.js';
import { createPartySearch, dropPartySearch } from './support/party-search.js';

/*
 * Frozen in time: no application imports.
 *
 * Conversations and disputes keep their parties' searched texts on the row, in their own text index,
 * kept by triggers (see support/party-search). A search for a common name among them then reads one
 * index, or one row per visited row, instead of two users per row.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await createPartySearch(db, flavorOf(db));
}

export async function down(db: AnyDb): Promise<void> {
  await dropPartySearch(db, flavorOf(db));
}
