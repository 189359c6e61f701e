import { describe, expect, it } from 'vitest';
import { RecentlyUsed, RecentlyUsedPerOwner } from './recently-used.js';

describe('RecentlyUsed', () => {
  it('drops the least recently used past its capacity, a read counting as a use', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1);
    kept.set('c', 3);
    expect(kept.size).toBe(2);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')).toBe(1);
    expect(kept.get('c')).toBe(3);
  });

  it('replaces a value as the most recent, and forgets on delete and clear', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.set('a', 10);
    kept.set('c', 3);
    expect(kept.get('a')).toBe(10);
    expect(kept.get('b')).toBeUndefined();
    kept.delete('a');
    expect(kept.get('a')).toBeUndefined();
    expect(kept.size).toBe(1);
    kept.clear();
    expect(kept.size).toBe(0);
  });

  it('keeps undefined-free lookups for absent keys and refuses a capacity below one', () => {
    expect(new RecentlyUsed<string, number>(1).get('x')).toBeUndefined();
    expect(() => new RecentlyUsed(0)).toThrow(RangeError);
  });
});

describe('RecentlyUsedPerOwner', () => {
  it('gives each owner its own map, the same one each time, with the capacity', () => {
    const perOwner = new RecentlyUsedPerOwner<object, string, number>(2);
    const first = {};
    const second = {};
    perOwner.of(first).set('a', 1);
    expect(perOwner.of(first).get('a')).toBe(1);
    expect(perOwner.of(second).get('a')).toBeUndefined();
    for (const [key, value] of [
      ['b', 2],
      ['c', 3],
    ] as const)
      perOwner.of(first).set(key, value);
    expect(perOwner.of(first).size).toBe(2);
    expect(perOwner.of(first).get('a')).toBeUndefined();
  });
});
