import { describe, expect, it } from 'vitest';
import { nextLuandaMidnight, periodLength, periodStart } from './periods.js';

describe('periodStart', () => {
  it('starts today at midnight in Luanda (23:00 UTC the day before)', () => {
    expect(periodStart('today', new Date('2026-11-24T10:00:00Z')).toISOString()).toBe(
      '2026-11-23T23:00:00.000Z',
    );
  });

  it('counts 23:30 UTC as the next day in Luanda', () => {
    expect(periodStart('today', new Date('2026-11-24T23:30:00Z')).toISOString()).toBe(
      '2026-11-24T23:00:00.000Z',
    );
  });

  it('goes back 7 days for a week and 30 days for a month', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(periodStart('week', now).toISOString()).toBe('2026-11-17T10:00:00.000Z');
    expect(periodStart('month', now).toISOString()).toBe('2026-10-25T10:00:00.000Z');
  });
});

describe('nextLuandaMidnight and periodLength', () => {
  it('gives the next midnight in Luanda, a whole day after today’s start', () => {
    for (const iso of ['2026-11-24T10:00:00Z', '2026-11-24T22:59:59.999Z', '2026-11-24T23:00:00Z']) {
      const now = new Date(iso);
      const next = nextLuandaMidnight(now);
      expect(next).toBeGreaterThan(now.getTime());
      expect(next - periodStart('today', now).getTime()).toBe(24 * 3600 * 1000);
    }
    expect(new Date(nextLuandaMidnight(new Date('2026-11-24T23:00:00Z'))).toISOString()).toBe(
      '2026-11-25T23:00:00.000Z',
    );
  });

  it('gives a sliding period’s length, none for today', () => {
    expect(periodLength('today')).toBeNull();
    expect(periodLength('week')).toBe(7 * 24 * 3600 * 1000);
    expect(periodLength('month')).toBe(30 * 24 * 3600 * 1000);
  });
});
