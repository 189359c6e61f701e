import type { sql } from 'kysely';
import { mergeTextIndexes } from './support/text-index-segments.js';

/*
 * Frozen in time: no application imports.
 *
 * SQLite: every FTS5 text index merged into one segment (support/text-index-segments.ts), so that
 * ordinary writes do not pay for merging the large segments a rebuild left (the seed's, earlier
 * migrations'). At a million users it takes about 30 s, once; nothing to undo.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

export async function up(db: AnyDb): Promise<void> {
  await mergeTextIndexes(db);
}

export async function down(_db: AnyDb): Promise<void> {
  // The segments' layout is not part of the schema: nothing to undo.
}
