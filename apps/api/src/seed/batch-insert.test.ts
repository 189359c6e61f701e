import { describe, expect, it } from 'vitest';
import { batchSizeFor, insertReturningIds } from './batch-insert.js';
import { formatAoa } from './seed-context.js';

describe('batchSizeFor', () => {
  it('keeps rows × columns under the bind-parameter budget', () => {
    const row = Object.fromEntries(Array.from({ length: 15 }, (_, index) => [`column${index}`, index]));
    expect(batchSizeFor(row)).toBe(2000);
    expect(batchSizeFor(row) * 15).toBeLessThan(32_766);
  });
});

describe('insertReturningIds', () => {
  it('inserts in batches and returns the ids in order', async () => {
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      a: index,
      b: 1,
      c: 2,
      d: 3,
      e: 4,
      f: 5,
      g: 6,
      h: 7,
      i: 8,
      j: 9,
    }));
    const batches: number[] = [];
    const ids = await insertReturningIds(rows, async (batch) => {
      batches.push(batch.length);
      return batch.map((row) => ({ id: row.a + 1 }));
    });
    expect(batches).toEqual([3000, 2000]);
    expect(ids).toEqual(rows.map((row) => row.a + 1));
  });
});

describe('formatAoa', () => {
  it('groups thousands with spaces', () => {
    expect(formatAoa(1_250_000)).toBe('1 250 000 AOA');
    expect(formatAoa(500)).toBe('500 AOA');
  });
});
