import { describe, expect, it } from 'vitest';
import { paddedIds, paddedLength } from './id-lists.js';

describe('padded id lists', () => {
  it('pads to powers of two, then to multiples of 1,024', () => {
    expect([0, 1, 2, 3, 5, 8, 9, 380, 512, 513, 1000, 1024, 1025, 2049].map(paddedLength)).toEqual([
      0, 1, 2, 4, 8, 8, 16, 512, 512, 1024, 1024, 1024, 2048, 3072,
    ]);
  });

  it('keeps the ids and their order, repeating the last one', () => {
    expect(paddedIds([])).toEqual([]);
    expect(paddedIds([7])).toEqual([7]);
    expect(paddedIds([9, 3, 5])).toEqual([9, 3, 5, 5]);
    const many = Array.from({ length: 380 }, (_, index) => 1000 - index);
    const padded = paddedIds(many);
    expect(padded).toHaveLength(512);
    expect(padded.slice(0, 380)).toEqual(many);
    expect(new Set(padded)).toEqual(new Set(many));
  });

  it('gives every count from 1 to 1,000 one of eleven lengths', () => {
    const lengths = new Set(Array.from({ length: 1000 }, (_, index) => paddedLength(index + 1)));
    expect(lengths.size).toBe(11);
  });
});
