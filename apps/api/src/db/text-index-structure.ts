/*
 * SQLite: what an FTS5 index's structure record tells (fts5_index.c): its segments, and, the record
 * changing with every write to the index, a version of the index's content; the statements that read
 * it and merge the index. No database library here: the supervising process runs them on a bare
 * better-sqlite3 connection (server/sqlite-upkeep.ts), the API through Kysely (text-index-merge.ts).
 * The whole record is read and written too: the seed's worker places the one segment of each index
 * it builds at the level its rows give it (seed/text-index-worker.ts).
 */

/** FTS5's structure record: its row in `<index>_data` (fts5_index.c, FTS5_STRUCTURE_ROWID). */
export const STRUCTURE_ROW = 10;
/** The marker of the structure record's second version, after the 4-byte cookie. */
const STRUCTURE_V2 = [0xff, 0x00, 0x00, 0x01];

/** Reads SQLite's varints from `record`: 7 bits a byte, the high bit telling that another follows. */
class VarintReader {
  constructor(
    private readonly record: Uint8Array,
    public position: number,
  ) {}

  next(): number {
    let value = 0;
    for (;;) {
      const byte = this.record[this.position];
      if (byte === undefined) throw new Error('FTS5 structure record cut short');
      this.position += 1;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
  }
}

/** `value` as SQLite writes a varint (values up to 2^53: never the 9-byte form, which starts at 2^56). */
function varint(value: number): number[] {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a varint: ${value}`);
  const groups = [value % 128];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128))
    groups.unshift(rest % 128);
  return groups.map((group, index) => (index < groups.length - 1 ? group | 0x80 : group));
}

/** Where the counts start: after the cookie, and the version 2 marker when there is one. */
function countsStart(record: Uint8Array): { position: number; version2: boolean } {
  const version2 = STRUCTURE_V2.every((byte, index) => record[4 + index] === byte);
  return { position: version2 ? 8 : 4, version2 };
}

/**
 * How many segments an FTS5 structure record lists: after the cookie (and the version 2 marker), a
 * varint of levels, then a varint of segments.
 */
export function segmentsOfStructure(record: Uint8Array): number {
  const reader = new VarintReader(record, countsStart(record).position);
  reader.next(); // levels
  return reader.next();
}

/** A segment as the structure record lists it. */
export interface StructureSegment {
  id: number;
  firstPage: number;
  lastPage: number;
  /** A version 2 record's five more fields (origins, tombstones, entries), as they are. */
  version2Fields: readonly number[];
}

/** An FTS5 structure record: its levels, the smallest segments first (level 0, FTS5's newest). */
export interface IndexStructure {
  cookie: Uint8Array;
  version2: boolean;
  writeCounter: number;
  levels: Array<{ merging: number; segments: StructureSegment[] }>;
}

const VERSION2_SEGMENT_FIELDS = 5;

/**
 * Reads a whole structure record (fts5_index.c, `fts5StructureDecode`): the cookie, the version 2
 * marker, the counts of levels and segments and the write counter; then, for each level, the segments
 * in an ongoing merge, its count of segments and each one's id and first and last leaf pages (and a
 * version 2 record's five more fields).
 */
export function readStructure(record: Uint8Array): IndexStructure {
  const { position, version2 } = countsStart(record);
  const reader = new VarintReader(record, position);
  const levelCount = reader.next();
  const segmentCount = reader.next();
  const writeCounter = reader.next();
  const levels: IndexStructure['levels'] = [];
  for (let level = 0; level < levelCount; level += 1) {
    const merging = reader.next();
    const count = reader.next();
    const segments: StructureSegment[] = [];
    for (let index = 0; index < count; index += 1) {
      const id = reader.next();
      const firstPage = reader.next();
      const lastPage = reader.next();
      const version2Fields = version2
        ? Array.from({ length: VERSION2_SEGMENT_FIELDS }, () => reader.next())
        : [];
      segments.push({ id, firstPage, lastPage, version2Fields });
    }
    levels.push({ merging, segments });
  }
  const listed = levels.reduce((total, level) => total + level.segments.length, 0);
  if (listed !== segmentCount)
    throw new Error(`FTS5 structure record lists ${listed} of ${segmentCount} segments`);
  return { cookie: record.slice(0, 4), version2, writeCounter, levels };
}

/** The record of `structure`, as FTS5 writes it (`fts5StructureWrite`). */
export function writeStructure(structure: IndexStructure): Uint8Array {
  const segments = structure.levels.reduce((total, level) => total + level.segments.length, 0);
  const bytes = [
    ...structure.cookie,
    ...(structure.version2 ? STRUCTURE_V2 : []),
    ...varint(structure.levels.length),
    ...varint(segments),
    ...varint(structure.writeCounter),
  ];
  for (const level of structure.levels) {
    bytes.push(...varint(level.merging), ...varint(level.segments.length));
    for (const segment of level.segments) {
      bytes.push(...varint(segment.id), ...varint(segment.firstPage), ...varint(segment.lastPage));
      for (const field of segment.version2Fields) bytes.push(...varint(field));
    }
  }
  return Uint8Array.from(bytes);
}

/** FTS5's tiers: a level's segments are merged into one of the next level once it holds this many (`usermerge`, `automerge`). */
export const TIER_SEGMENTS = 4;
/** FTS5's last level (fts5Int.h, FTS5_MAX_LEVEL). */
const LAST_LEVEL = 63;

/**
 * The level an index's segment of `rows` rows would have reached had they been written one a
 * transaction: each write a segment of level 0, and every 4 segments of a level merged into one of
 * the next, a segment of level k holds some 4^k rows.
 */
export function naturalLevel(rows: number): number {
  if (rows < TIER_SEGMENTS) return 0;
  let level = 0;
  for (let reach = TIER_SEGMENTS; reach <= rows && level < LAST_LEVEL; reach *= TIER_SEGMENTS) level += 1;
  return level;
}

/**
 * The structure record of an index made of one segment (after 'optimize'), that segment moved to
 * `level`, the levels under it empty. A segment's level is only written here: its pages, found by its
 * id, stay as they are. Null when the index is empty or holds more than one segment.
 */
export function structureAtLevel(record: Uint8Array, level: number): Uint8Array | null {
  if (!Number.isInteger(level) || level < 0 || level > LAST_LEVEL) throw new Error(`Not a level: ${level}`);
  const structure = readStructure(record);
  const segments = structure.levels.flatMap((each) => each.segments);
  const [segment] = segments;
  if (segments.length !== 1 || segment === undefined) return null;
  const levels = Array.from({ length: level + 1 }, (_, index) => ({
    merging: 0,
    segments: index === level ? [segment] : [],
  }));
  return writeStructure({ ...structure, levels });
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
