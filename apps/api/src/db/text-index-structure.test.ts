import { describe, expect, it } from 'vitest';
import { mergeStatement, segmentsOfStructure, structureStatement } from './text-index-structure.js';

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
