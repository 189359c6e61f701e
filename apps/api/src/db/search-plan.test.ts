import { describe, expect, it } from 'vitest';
import { DENSE_SHARE, DENSITY_SAMPLE, isDenseSample, isEmptyPlan, LARGE_TABLE_ROWS } from './search.js';

describe('isDenseSample', () => {
  const big = LARGE_TABLE_ROWS * 10;

  it('calls a term dense when its newest matches cover at least DENSE_SHARE of a big table', () => {
    const spread = Math.floor(DENSITY_SAMPLE / DENSE_SHARE);
    expect(isDenseSample({ sampled: DENSITY_SAMPLE, oldestId: big - spread + 1, newestId: big })).toBe(true);
    expect(isDenseSample({ sampled: DENSITY_SAMPLE, oldestId: big - 2 * spread, newestId: big })).toBe(false);
  });

  it('never on a small table, nor with fewer matches than the sample (they are all the matches)', () => {
    expect(isDenseSample({ sampled: DENSITY_SAMPLE, oldestId: 1, newestId: LARGE_TABLE_ROWS - 1 })).toBe(
      false,
    );
    expect(isDenseSample({ sampled: DENSITY_SAMPLE - 1, oldestId: big - 10, newestId: big })).toBe(false);
  });
});

describe('isEmptyPlan', () => {
  it('is true only for a list of no ids', () => {
    expect(isEmptyPlan({ kind: 'ids', ids: [] })).toBe(true);
    expect(isEmptyPlan({ kind: 'ids', ids: [3] })).toBe(false);
    expect(isEmptyPlan({ kind: 'scan' })).toBe(false);
    expect(isEmptyPlan({ kind: 'index' })).toBe(false);
  });
});
