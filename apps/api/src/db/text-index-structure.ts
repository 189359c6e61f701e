/*
 * SQLite: what an FTS5 index's structure record tells (fts5_index.c): its segments, and, the record
 * changing with every write to the index, a version of the index's content; the statements that read
 * it and merge the index. No database library here: the supervising process runs them on a bare
 * better-sqlite3 connection (server/sqlite-upkeep.ts), the API through Kysely (text-index-merge.ts).
 */

/** FTS5's structure record: its row in `<index>_data` (fts5_index.c, FTS5_STRUCTURE_ROWID). */
export const STRUCTURE_ROW = 10;
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

const INDEX_NAME = /^[a-z][a-z0-9_]*$/;

/** `index`, checked to be a plain table name (the statements below are built from it). */
function indexName(index: string): string {
  if (!INDEX_NAME.test(index)) throw new Error(`Not a text index name: ${index}`);
  return index;
}

/** Reads the structure record of `index` (its `block` column; no row before the first write). */
export function structureStatement(index: string): string {
  return `select block from "${indexName(index)}_data" where id = ${STRUCTURE_ROW}`;
}

/**
 * One statement of FTS5's incremental merge of `index`, writing about `pages` pages (up to the end of
 * a term): a positive count merges only the levels holding `usermerge` segments or more (4), FTS5's
 * own tiers; a negative one merges every segment into one. It merged something when the
 * connection's total of changes grew by 2 or more (the statement itself counts as one).
 */
export function mergeStatement(index: string, pages: number): string {
  if (!Number.isInteger(pages) || pages === 0) throw new Error(`Not a page count: ${pages}`);
  const name = indexName(index);
  return `insert into "${name}" ("${name}", rank) values ('merge', ${pages})`;
}

/** Changes of a merge statement that show it merged something. */
export const MERGED_CHANGES = 2;
