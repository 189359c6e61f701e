import { describe, expect, it } from 'vitest';
import { segmentsOfStructure } from './text-index-structure.js';

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
