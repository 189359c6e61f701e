import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/*
 * SQLite: what an FTS5 index's structure record tells (fts5_index.c): its segments, and, the record
 * changing with every write to the index, a version of the index's content.
 */

/** FTS5's structure record: its row in `<index>_data` (fts5_index.c, FTS5_STRUCTURE_ROWID). */
const STRUCTURE_ROW = 10;
/** The marker of the structure record's second version, after the 4-byte cookie. */
const STRUCTURE_V2 = [0xff, 0x00, 0x00, 0x01];

/**
 * How many segments an FTS5 structure record lists: after the cookie (and the version 2 marker), a
 * varint of levels, then a varint of segments. Varints as SQLite writes them: 7 bits a byte, the high
 * bit telling that another follows.
 */
export function segmentsOfStructure(record: Uint8Array): number {
  let position = 4;
  if (STRUCTURE_V2.every((byte, index) => record[position + index] === byte)) position += 4;
  const readVarint = (): number => {
    let value = 0;
    for (;;) {
      const byte = record[position];
      if (byte === undefined) throw new Error('FTS5 structure record cut short');
      position += 1;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
  };
  readVarint(); // levels
  return readVarint();
}

/**
 * The structure record of the FTS5 index `index` (none before its first write). It changes with every
 * write to the index (a new segment, a merge): a version of its content.
 */
export async function structureRecord(db: Kysely<Database>, index: string): Promise<Uint8Array | undefined> {
  const { rows } = await sql<{ block: Uint8Array }>`
    select block from ${sql.table(`${index}_data`)} where id = ${STRUCTURE_ROW}`.execute(db);
  return rows[0]?.block;
}

/** How many segments the FTS5 index `index` holds, from its structure record (0 when empty). */
export async function segmentsOf(db: Kysely<Database>, index: string): Promise<number> {
  const record = await structureRecord(db, index);
  return record ? segmentsOfStructure(record) : 0;
}
