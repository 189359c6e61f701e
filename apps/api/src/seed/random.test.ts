import { describe, expect, it } from 'vitest';
import { CoveringPicker, Random } from './random.js';

describe('Random', () => {
  it('repeats the same sequence for the same seed', () => {
    const first = new Random(42);
    const second = new Random(42);
    for (let index = 0; index < 100; index += 1) expect(first.next()).toBe(second.next());
    expect(new Random(1).next()).not.toBe(new Random(2).next());
  });

  it('draws integers within bounds, both included', () => {
    const random = new Random(3);
    const seen = new Set<number>();
    for (let index = 0; index < 2000; index += 1) {
      const value = random.int(2, 5);
      expect(value).toBeGreaterThanOrEqual(2);
      expect(value).toBeLessThanOrEqual(5);
      seen.add(value);
    }
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });

  it('samples distinct items', () => {
    const random = new Random(4);
    const sample = random.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(sample).size).toBe(4);
    expect(random.sample([1, 2], 5).sort()).toEqual([1, 2]);
  });
});

describe('CoveringPicker', () => {
  it('hands out every value once before picking by weight', () => {
    const picker = new CoveringPicker([
      ['common', 1000],
      ['rare', 0.0001],
      ['never', 0],
    ] as const);
    const random = new Random(8);
    expect([picker.next(random), picker.next(random), picker.next(random)]).toEqual([
      'common',
      'rare',
      'never',
    ]);
    expect(picker.next(random)).toBe('common');
  });
});
