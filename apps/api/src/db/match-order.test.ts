import { describe, expect, it } from 'vitest';
import { firstInOrder } from './paginate.js';

/*
 * A search's matches read with their place in the list's order (db/paginate.ts `MatchOrder`): the
 * ids up to the page's end come out in the order the list's SQL gives (the column, then the id, both
 * in the same direction; SQLite's order of values).
 */

const rows = [
  { id: 4, group: '2026-06-01T10:00:00.000Z' },
  { id: 9, group: '2026-06-03T08:00:00.000Z' },
  { id: 2, group: '2026-06-03T08:00:00.000Z' },
  { id: 7, group: '2026-05-30T23:59:59.999Z' },
  { id: 5, group: null },
];

describe('firstInOrder', () => {
  it('orders newest first, ties by id in the same direction, nulls last', () => {
    expect(firstInOrder(rows, { column: 'c', direction: 'desc', pageEnd: 10 })).toEqual([9, 2, 4, 7, 5]);
  });

  it('orders oldest first, nulls first as SQLite does, and stops at the page end', () => {
    expect(firstInOrder(rows, { column: 'c', direction: 'asc', pageEnd: 10 })).toEqual([5, 7, 4, 2, 9]);
    expect(firstInOrder(rows, { column: 'c', direction: 'asc', pageEnd: 3 })).toEqual([5, 7, 4]);
  });

  it('orders numbers before texts, and numbers by value', () => {
    const mixed = [
      { id: 1, group: 'a' },
      { id: 2, group: 10 },
      { id: 3, group: 9 },
    ];
    expect(firstInOrder(mixed, { column: 'c', direction: 'asc', pageEnd: 3 })).toEqual([3, 2, 1]);
  });

  it('leaves its input as it was', () => {
    const copy = rows.map((row) => ({ ...row }));
    firstInOrder(rows, { column: 'c', direction: 'desc', pageEnd: 2 });
    expect(rows).toEqual(copy);
  });
});
