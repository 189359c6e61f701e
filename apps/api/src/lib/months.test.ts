import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMonths, lastTwelveMonths, monthStartIso } from './months.js';

describe('lastTwelveMonths', () => {
  it('lists the 12 months ending with the current one, across a year change', () => {
    const keys = lastTwelveMonths(new Date('2026-02-10T12:00:00Z'));
    expect(keys).toHaveLength(12);
    expect(keys[0]).toBe('2025-03');
    expect(keys[10]).toBe('2026-01');
    expect(keys[11]).toBe('2026-02');
  });

  describe('in a time zone behind UTC', () => {
    const originalZone = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = 'America/New_York';
    });
    afterAll(() => {
      process.env.TZ = originalZone;
    });

    it('uses the UTC month, not the local one', () => {
      const lateOnJanuary31 = new Date('2026-01-31T23:30:00-05:00');
      expect(lateOnJanuary31.getMonth()).toBe(0); // local (New York) month: January
      expect(lastTwelveMonths(lateOnJanuary31).at(-1)).toBe('2026-02');
      expect(monthStartIso(lateOnJanuary31)).toBe('2026-02-01T00:00:00.000Z');
    });
  });
});

describe('monthStartIso', () => {
  it('gives the first instant of this, last and next month in UTC', () => {
    const now = new Date('2026-01-15T08:00:00Z');
    expect(monthStartIso(now)).toBe('2026-01-01T00:00:00.000Z');
    expect(monthStartIso(now, -1)).toBe('2025-12-01T00:00:00.000Z');
    expect(monthStartIso(now, 1)).toBe('2026-02-01T00:00:00.000Z');
  });
});

describe('fillMonths', () => {
  it('keeps every month, with 0 where the aggregate has no row', () => {
    expect(fillMonths(['2026-01', '2026-02', '2026-03'], [{ month: '2026-02', count: '4' }])).toEqual([
      { month: '2026-01', count: 0 },
      { month: '2026-02', count: 4 },
      { month: '2026-03', count: 0 },
    ]);
  });
});
