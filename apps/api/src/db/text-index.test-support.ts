import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/*
 * SQLite FTS5 index internals, for tests: FTS5 keeps an index's pages in `<name>_data`, each row's id
 * holding its segment's number above bit 37 (fts5_index.c, FTS5_DATA_PAGE_B + FTS5_DATA_HEIGHT_B +
 * FTS5_DATA_DLI_B); ids below are the index's own records (structure, averages).
 */
const SEGMENT_SHIFT = 37n;

/** How many segments the FTS5 index `index` is made of. */
export async function segmentCount(db: Kysely<Database>, index: string): Promise<number> {
  const first = 1n << SEGMENT_SHIFT;
  const { rows } = await sql<{ segments: number }>`
    select count(distinct id >> ${sql.lit(Number(SEGMENT_SHIFT))}) as segments
    from ${sql.table(`${index}_data`)} where id >= ${sql.lit(first.toString())}`.execute(db);
  return Number(rows[0]?.segments ?? 0);
}

/** Rebuilds `index` with a tiny in-memory hash, so that it is written as many segments. */
export async function rebuildInPieces(db: Kysely<Database>, index: string): Promise<void> {
  const name = sql.table(index);
  await sql`insert into ${name} (${name}, rank) values ('hashsize', 1024)`.execute(db);
  await sql`insert into ${name} (${name}) values ('rebuild')`.execute(db);
  await sql`insert into ${name} (${name}, rank) values ('hashsize', 1048576)`.execute(db);
}
