import { describe, expect, it } from 'vitest';
import { periodStart } from './periods.js';

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
