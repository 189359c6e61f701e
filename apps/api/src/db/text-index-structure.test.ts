import { describe, expect, it } from 'vitest';
import {
  mergeStatement,
  naturalLevel,
  readStructure,
  segmentsOfStructure,
  structureAtLevel,
  structureStatement,
  writeStructure,
} from './text-index-structure.js';

describe('segmentsOfStructure', () => {
  const cookie = [0x00, 0x00, 0x00, 0x03];

  it.each([
    { name: 'one byte each', bytes: [...cookie, 0x06, 0x03, 0x84, 0xad, 0x0f], segments: 3 },
    { name: 'a two-byte count', bytes: [...cookie, 0x07, 0x81, 0x2c, 0x00], segments: 172 },
    {
      name: 'after the second version marker',
      bytes: [...cookie, 0xff, 0x00, 0x00, 0x01, 0x02, 0x0c, 0x05],
      segments: 12,
    },
    { name: 'an empty index', bytes: [...cookie, 0x00, 0x00, 0x00], segments: 0 },
  ])('reads the segment count: $name', ({ bytes, segments }) => {
    expect(segmentsOfStructure(Uint8Array.from(bytes))).toBe(segments);
  });

  it('refuses a record cut short', () => {
    expect(() => segmentsOfStructure(Uint8Array.from([...cookie, 0x06, 0x83]))).toThrow(/cut short/);
  });
});

describe('statements on a text index', () => {
  it('builds the structure read and the merge from a plain table name and a page count', () => {
    expect(structureStatement('audit_entries_fts')).toBe(
      'select block from "audit_entries_fts_data" where id = 10',
    );
    expect(mergeStatement('audit_entries_fts', -64)).toBe(
      `insert into "audit_entries_fts" ("audit_entries_fts", rank) values ('merge', -64)`,
    );
  });

  it.each([
    ['a quoted name', () => mergeStatement('x" ; drop table users; --', 64)],
    ['a name with a space', () => structureStatement('audit entries')],
    ['a page count of zero', () => mergeStatement('audit_entries_fts', 0)],
    ['a fractional page count', () => mergeStatement('audit_entries_fts', 1.5)],
  ])('refuses %s', (_name, build) => {
    expect(build).toThrow(/Not a/);
  });
});

describe('a whole structure record', () => {
  const cookie = [0x00, 0x00, 0x01, 0x2a];
  /* Two levels, three segments, write counter 300 (0x82 0x2c): level 0 two segments (ids 5 and 6, one
     page each), level 1 one segment of pages 1 to 20,000 (0x81 0x9c 0x20). */
  const version1 = [
    ...cookie,
    ...[0x02, 0x03, 0x82, 0x2c],
    ...[0x00, 0x02, 0x05, 0x01, 0x01, 0x06, 0x01, 0x01],
    ...[0x00, 0x01, 0x02, 0x01, 0x81, 0x9c, 0x20],
  ];
  // One level, one segment (id 3, pages 1 to 9) and its five version 2 fields (7, 8, 0, 0, 200).
  const version2 = [
    ...cookie,
    ...[0xff, 0x00, 0x00, 0x01],
    ...[0x01, 0x01, 0x00],
    ...[0x00, 0x01, 0x03, 0x01, 0x09, 0x07, 0x08, 0x00, 0x00, 0x81, 0x48],
  ];

  it('reads its levels and segments, and writes the same bytes back', () => {
    const structure = readStructure(Uint8Array.from(version1));
    expect(structure.writeCounter).toBe(300);
    expect(
      structure.levels.map((level) =>
        level.segments.map(({ id, firstPage, lastPage }) => [id, firstPage, lastPage]),
      ),
    ).toEqual([
      [
        [5, 1, 1],
        [6, 1, 1],
      ],
      [[2, 1, 20_000]],
    ]);
    expect([...writeStructure(structure)]).toEqual(version1);
    const second = readStructure(Uint8Array.from(version2));
    expect(second.levels[0]?.segments[0]?.version2Fields).toEqual([7, 8, 0, 0, 200]);
    expect([...writeStructure(second)]).toEqual(version2);
  });

  it('refuses a record whose levels list another count of segments than its header', () => {
    const wrong = [...version1];
    wrong[5] = 0x04;
    expect(() => readStructure(Uint8Array.from(wrong))).toThrow(/lists 3 of 4 segments/);
  });

  it("moves an index's one segment to a level, the levels under it empty, its pages unchanged", () => {
    const moved = structureAtLevel(Uint8Array.from(version2), 3);
    expect(moved && [...moved]).toEqual([
      ...cookie,
      ...[0xff, 0x00, 0x00, 0x01],
      ...[0x04, 0x01, 0x00],
      ...[0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
      ...[0x00, 0x01, 0x03, 0x01, 0x09, 0x07, 0x08, 0x00, 0x00, 0x81, 0x48],
    ]);
    expect(segmentsOfStructure(moved ?? new Uint8Array())).toBe(1);
  });

  it('leaves alone an index of several segments or none', () => {
    expect(structureAtLevel(Uint8Array.from(version1), 5)).toBeNull();
    expect(structureAtLevel(Uint8Array.from([...cookie, 0x00, 0x00, 0x00]), 5)).toBeNull();
    expect(() => structureAtLevel(Uint8Array.from(version2), 64)).toThrow(/Not a level/);
  });

  it.each([
    [0, 0],
    [3, 0],
    [4, 1],
    [15, 1],
    [16, 2],
    [300, 4],
    [262_143, 8],
    [262_144, 9],
    [1_000_000, 9],
  ])('gives %i rows written one a transaction the level %i', (rows, level) => {
    expect(naturalLevel(rows)).toBe(level);
  });
});
