import type { sql } from 'kysely';
import {
  createClientVerificationSearch,
  dropClientVerificationSearch,
} from './support/client-verification-search.js';

/*
 * Frozen in time: no application imports.
 *
 * Client verifications keep their client's searched text on the row, in their own text index, kept by
 * triggers (see support/client-verification-search): the list searches one index instead of the
 * users' and then each matching user's verifications.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

export async function up(db: AnyDb): Promise<void> {
  await createClientVerificationSearch(db);
}

export async function down(db: AnyDb): Promise<void> {
  await dropClientVerificationSearch(db);
}
